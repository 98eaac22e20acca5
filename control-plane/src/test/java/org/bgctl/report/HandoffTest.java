package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class HandoffTest {

    @Property(tries = 50)
    void everyElementIsTakenOnceInTheOrderGivenAndTheEndRunsLast(@ForAll @IntRange(max = 3000) int elements,
                                                                  @ForAll @IntRange(min = 1, max = 64) int batch) {
        List<Integer> taken = new ArrayList<>();
        Handoff<Integer> handoff = new Handoff<>("test-taker", batch, 2, b -> {
            assertTrue(!b.isEmpty() && b.size() <= batch, "batches of 1 to " + batch + " elements");
            taken.addAll(b);
        }, () -> taken.add(-1));
        for (int i = 0; i < elements; i++) handoff.give(i);
        handoff.finish();
        assertEquals(elements + 1, taken.size());
        for (int i = 0; i < elements; i++) assertEquals(i, taken.get(i));
        assertEquals(-1, taken.get(elements));
    }

    @Test
    void aTakersExceptionIsThrownToTheGiver() {
        IllegalStateException thrown = new IllegalStateException("job 7 submitted twice");
        Handoff<Integer> handoff = new Handoff<>("test-taker", 4, 1, batch -> {
            if (batch.contains(7)) throw thrown;
        }, () -> { });
        IllegalStateException seen = assertThrows(IllegalStateException.class, () -> {
            for (int i = 0; i < 1000; i++) handoff.give(i);
            handoff.finish();
        });
        assertSame(thrown, seen, "the same exception, message and all");
    }

    @Test
    void anIoErrorOfTheTakerIsThrownUnchecked() {
        Handoff<Integer> handoff = new Handoff<>("test-taker", 4, 1, batch -> { }, () -> {
            throw new IOException("disk full");
        });
        handoff.give(1);
        UncheckedIOException seen = assertThrows(UncheckedIOException.class, handoff::finish);
        assertEquals("disk full", seen.getCause().getMessage());
    }

    @Test
    void abandoningStopsATakerThatIsStillBusy() throws InterruptedException {
        CountDownLatch busy = new CountDownLatch(1);
        boolean[] ended = new boolean[1];
        Handoff<Integer> handoff = new Handoff<>("test-taker", 1, 1, batch -> {
            busy.countDown();
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, () -> ended[0] = true);
        handoff.give(1);
        assertTrue(busy.await(10, TimeUnit.SECONDS));
        long before = System.nanoTime();
        handoff.abandon();
        assertTrue(System.nanoTime() - before < TimeUnit.SECONDS.toNanos(10), "the taker stopped at once");
        assertFalse(ended[0], "an abandoned handoff does not run its end");
    }
}

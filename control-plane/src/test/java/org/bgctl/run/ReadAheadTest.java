package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.LongStream;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class ReadAheadTest {

    @Property(tries = 50)
    void givesTheSourceInOrder(@ForAll @IntRange(min = 0, max = 5 * ReadAhead.CHUNK) int size) {
        List<Long> source = LongStream.range(0, size).boxed().toList();
        List<Long> read = new ArrayList<>();
        try (ReadAhead<Long> ahead = new ReadAhead<>(source.iterator(), "test-reader")) {
            ahead.forEachRemaining(read::add);
            assertFalse(ahead.hasNext());
            assertThrows(NoSuchElementException.class, ahead::next);
        }
        assertEquals(source, read);
    }

    @Test
    void aFailureComesAfterTheElementsReadBeforeIt() {
        IllegalArgumentException bad = new IllegalArgumentException("line 1000: bad field");
        Iterator<Long> failing = new Iterator<>() {
            long n;

            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Long next() {
                if (n == 999) throw bad;
                return n++;
            }
        };
        List<Long> read = new ArrayList<>();
        try (ReadAhead<Long> ahead = new ReadAhead<>(failing, "test-reader")) {
            IllegalArgumentException thrown = assertThrows(IllegalArgumentException.class,
                    () -> ahead.forEachRemaining(read::add));
            assertSame(bad, thrown);
        }
        assertEquals(LongStream.range(0, 999).boxed().toList(), read);
    }

    @Test
    void closeStopsReadingAnEndlessSource() {
        AtomicLong produced = new AtomicLong();
        Iterator<Long> endless = new Iterator<>() {
            @Override
            public boolean hasNext() {
                return true;
            }

            @Override
            public Long next() {
                return produced.getAndIncrement();
            }
        };
        ReadAhead<Long> ahead = new ReadAhead<>(endless, "test-reader");
        assertTrue(ahead.hasNext());
        assertEquals(0L, ahead.next());
        ahead.close();
        long stopped = produced.get();
        assertTrue(stopped <= (long) ReadAhead.CHUNK * 10, "read " + stopped + " elements ahead");
        assertEquals(stopped, produced.get());
    }
}

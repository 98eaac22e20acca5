package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;
import org.bgctl.machine.flat.FlatMachine;
import org.junit.jupiter.api.Test;

class RunningOrderTest {

    /** By (end, job id): the order in which running jobs finish, as a tree keeps it. */
    private static final Comparator<RunningJob> END_ORDER =
            Comparator.comparingLong(RunningJob::end).thenComparingLong(RunningJob::id);

    private static RunningJob running(long id, long start, long runtime, long estimate) {
        return new RunningJob(Job.of(id, 0, runtime, estimate, 1), start, FlatMachine.allocationOf(1), id % 3);
    }

    @Test
    void itKeepsTheJobsInTheOrderOfATreeByTheSameTimeThroughAddsAndRemoves() {
        Random random = new Random(7);
        RunningOrder byEnd = new RunningOrder(RunningOrder.Time.END);
        RunningOrder byEstimatedEnd = new RunningOrder(RunningOrder.Time.ESTIMATED_END);
        TreeSet<RunningJob> endTree = new TreeSet<>(END_ORDER);
        TreeSet<RunningJob> estimateTree = new TreeSet<>(RunningJob.ESTIMATED_END_ORDER);
        List<RunningJob> in = new ArrayList<>();
        for (int step = 0; step < 5_000; step++) {
            if (in.isEmpty() || random.nextInt(3) > 0) {
                // ties in time are common: few distinct starts and run times
                long runtime = random.nextInt(20);
                RunningJob r = running(step, random.nextInt(30), runtime, runtime + random.nextInt(5));
                assertEquals(endTree.add(r), byEnd.insert(r));
                assertEquals(estimateTree.add(r), byEstimatedEnd.insert(r));
                in.add(r);
            } else {
                RunningJob r = in.remove(random.nextInt(in.size()));
                assertEquals(endTree.remove(r), byEnd.delete(r));
                assertEquals(estimateTree.remove(r), byEstimatedEnd.delete(r));
            }
            assertEquals(List.copyOf(endTree), List.copyOf(byEnd));
            assertEquals(List.copyOf(estimateTree), List.copyOf(byEstimatedEnd));
            assertEquals(endTree.isEmpty() ? Long.MAX_VALUE : endTree.first().end(), byEnd.firstTime());
        }
    }

    @Test
    void itKeepsTheOrderWhenTheFirstJobsLeaveAsInARunAndWhenItEmptiesAndFillsAgain() {
        Random random = new Random(11);
        RunningOrder byEnd = new RunningOrder(RunningOrder.Time.END);
        TreeSet<RunningJob> endTree = new TreeSet<>(END_ORDER);
        for (int step = 0; step < 20_000; step++) {
            // phases of filling up to a few hundred jobs and of draining to none, removing mostly the first to end
            boolean filling = (step / 1_000) % 2 == 0;
            if (endTree.isEmpty() || random.nextInt(10) < (filling ? 6 : 3)) {
                RunningJob r = running(step, step / 4, random.nextInt(400), 400);
                assertEquals(endTree.add(r), byEnd.insert(r));
            } else {
                RunningJob r = random.nextInt(4) > 0 ? endTree.first() : List.copyOf(endTree).get(random.nextInt(endTree.size()));
                assertEquals(endTree.remove(r), byEnd.delete(r));
            }
            assertEquals(endTree.size(), byEnd.size());
            assertEquals(endTree.isEmpty() ? Long.MAX_VALUE : endTree.first().end(), byEnd.firstTime());
            if (step % 97 == 0) assertEquals(List.copyOf(endTree), List.copyOf(byEnd));
        }
        assertEquals(List.copyOf(endTree), List.copyOf(byEnd));
    }

    @Test
    void aJobInTwiceOrRemovedWhenAbsentChangesNothing() {
        RunningOrder order = new RunningOrder(RunningOrder.Time.END);
        RunningJob r = running(1, 0, 10, 10);
        assertEquals(true, order.insert(r));
        assertEquals(false, order.insert(r));
        assertEquals(false, order.delete(running(2, 0, 10, 10)));
        assertEquals(List.of(r), List.copyOf(order));
        assertEquals(true, order.delete(r));
        assertEquals(Long.MAX_VALUE, order.firstTime());
    }

    @Test
    void asACollectionItIsReadOnly() {
        RunningOrder order = new RunningOrder(RunningOrder.Time.END);
        RunningJob r = running(1, 0, 10, 10);
        order.insert(r);
        assertThrows(UnsupportedOperationException.class, () -> order.add(running(2, 0, 5, 5)));
        assertThrows(UnsupportedOperationException.class, () -> order.remove(r));
        assertEquals(1, order.size());
    }
}

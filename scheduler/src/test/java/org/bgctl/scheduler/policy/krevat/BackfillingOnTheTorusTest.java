package org.bgctl.scheduler.policy.krevat;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.SchedulerSettings;
import org.junit.jupiter.api.Test;

/** Scheduler 2 of Krevat et al. (2002): the head's reservation and the size increase limit I. */
class BackfillingOnTheTorusTest {

    private static final TorusShape FOUR_BY_FOUR = new TorusShape(4, 4, 1);

    private static SchedulerSettings increase(int i) {
        return new SchedulerSettings(0, i, 0.1, 0.7, 0);
    }

    @Test
    void aShortJobBackfillsAndALongOneThatWouldTakeTheHeadsPartitionDoesNot() {
        // The head needs the whole torus when job 1 ends at 1000. Job 3 would still run then; job 4 would not.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.BACKFILL)
                .running(1, Box.of(2, 0, 0, 2, 4, 1), 1000)
                .queued(2, 16, 100)
                .queued(3, 2, 5000)
                .queued(4, 2, 1000);
        assertEquals(List.of(4L), f.startedIds());
    }

    @Test
    void aLongJobBackfillsWhenItLeavesTheHeadAPartition() {
        // Job 1 (columns 2-3) ends at 1000, job 2 (column 1) at 2000; column 0 is free. At 1000 the head (8
        // units) can take columns 2-3 or columns 3-0; a long job in column 0 leaves it columns 2-3.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.BACKFILL)
                .running(1, Box.of(2, 0, 0, 2, 4, 1), 1000)
                .running(2, Box.of(1, 0, 0, 1, 4, 1), 2000)
                .queued(3, 8, 100)
                .queued(4, 4, 9000);
        assertEquals(List.of(4L), f.startedIds());
        assertEquals("1x4x1@0.0.0", f.partitionOf(4));
    }

    @Test
    void aBackfilledJobIsRaisedByAtMostISupernodes() {
        // 4x4x2 with x = 3 and y = 3 busy: the free units form a 3x3x2 box. A 16-unit job fits no box there
        // (4x4x1, 2x4x2 and 4x2x2 are too long), 17 units is no box size, 18 is 3x3x2: it needs +2.
        for (int i = 0; i <= 2; i++) {
            TorusFixture f = threeByThreeByTwoFree(i).queued(3, 32, 100).queued(4, 16, 100);
            assertEquals(i < 2 ? List.of() : List.of(4L), f.startedIds(), "I = " + i);
            if (i == 2) assertEquals(18, f.plan().starts().get(0).allocation().nodes());
        }
    }

    private static TorusFixture threeByThreeByTwoFree(int increase) {
        return new TorusFixture(new TorusShape(4, 4, 2), KrevatScheduler.Variant.BACKFILL, increase(increase))
                .running(1, Box.of(3, 0, 0, 1, 4, 2), 1000)
                .running(2, Box.of(0, 3, 0, 3, 1, 2), 1000);
    }

    @Test
    void iDoesNotLimitTheHeadsIncreaseInTheFcfsPhase() {
        // The only free box is 2x2: the head (3 units) runs on 4 even with I = 0.
        TorusFixture f = TorusFixture.onlyTwoByTwoFree(KrevatScheduler.Variant.BACKFILL, increase(0)).queued(3, 3, 100);
        assertEquals("2x2x1@0.0.0", f.partitionOf(3));
    }

    @Test
    void withIOfOneABlockedJobOfThreeTakesAFreeTwoByTwo() {
        // The head (16 units) waits for job 1; job 4 (3 units, short) finds no 1x3 box but a 2x2 one.
        for (int i = 0; i <= 1; i++) {
            TorusFixture f = TorusFixture.onlyTwoByTwoFree(KrevatScheduler.Variant.BACKFILL, increase(i))
                    .queued(3, 16, 100)
                    .queued(4, 3, 100);
            assertEquals(i == 0 ? List.of() : List.of(4L), f.startedIds(), "I = " + i);
        }
    }
}

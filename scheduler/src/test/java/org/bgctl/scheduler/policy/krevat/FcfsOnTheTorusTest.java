package org.bgctl.scheduler.policy.krevat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.Start;
import org.junit.jupiter.api.Test;

/** Scheduler 1 of Krevat et al. (2002), rule by rule, on tiny tori. */
class FcfsOnTheTorusTest {

    private static final TorusShape FOUR_BY_FOUR = new TorusShape(4, 4, 1);

    @Test
    void aJobOfAnImpossibleSizeIsRaisedToTheNextPossibleSize() {
        // On a 4x4 torus no box has 5 or 7 units: such jobs run on 6 and 8.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.FCFS).queued(1, 5, 100).queued(2, 7, 100);
        List<Start> starts = f.plan().starts();
        assertEquals(6, starts.get(0).allocation().nodes());
        assertEquals(8, starts.get(1).allocation().nodes());
        assertEquals(5, starts.get(0).job().size(), "the requested size is kept");
    }

    @Test
    void theHeadIsRaisedByTheLeastThatLetsItStart() {
        // The paper's example: a 4x4 torus whose only free box is 2x2; a job of 3 runs on 4.
        TorusFixture f = TorusFixture.onlyTwoByTwoFree(KrevatScheduler.Variant.FCFS, SchedulerSettings.defaults())
                .queued(3, 3, 100);
        assertEquals("2x2x1@0.0.0", f.partitionOf(3));
    }

    @Test
    void theWalkStopsAtTheFirstJobThatCannotStart() {
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.FCFS)
                .running(1, Box.of(0, 0, 0, 2, 4, 1), 1000)
                .queued(2, 2, 100)
                .queued(3, 12, 100)
                .queued(4, 1, 100);
        assertEquals(List.of(2L), f.startedIds());
    }

    @Test
    void eachJobTakesTheBoxThatLeavesTheLargestFreeBoxLargest() {
        // Column x = 1 is busy: the free units are columns 2, 3 and 0 (a 3x4 box across the edge). A 4-unit
        // job at an edge of it (column 2 or column 0) leaves a 2x4 box; column 0 comes first in scan order.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.FCFS)
                .running(1, Box.of(1, 0, 0, 1, 4, 1), 1000)
                .queued(2, 4, 100);
        assertEquals("1x4x1@0.0.0", f.partitionOf(2));
        assertTrue(f.plan().migration().isEmpty());
    }
}

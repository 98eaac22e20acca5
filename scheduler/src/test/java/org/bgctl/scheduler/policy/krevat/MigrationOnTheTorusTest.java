package org.bgctl.scheduler.policy.krevat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.Migration;
import org.bgctl.scheduler.Move;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.SchedulerSettings;
import org.junit.jupiter.api.Test;

/** Scheduler 3 of Krevat et al. (2002): when a migration is attempted, how it reassigns, when it is abandoned. */
class MigrationOnTheTorusTest {

    private static final TorusShape FOUR_BY_FOUR = new TorusShape(4, 4, 1);
    private static final SchedulerSettings ALWAYS = SchedulerSettings.defaults().alwaysMigrating();

    /** Four 1-unit jobs on a 4x4 torus, one in each 2x2 quarter: 12 units free, no free box above 4. */
    private static TorusFixture scattered(SchedulerSettings settings) {
        return new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.MIGRATION, settings)
                .running(1, Box.of(0, 0, 0, 1, 1, 1), 1000)
                .running(2, Box.of(2, 0, 0, 1, 1, 1), 1000)
                .running(3, Box.of(0, 2, 0, 1, 1, 1), 1000)
                .running(4, Box.of(2, 2, 0, 1, 1, 1), 1000)
                .queued(5, 8, 100);
    }

    @Test
    void aMigrationThatEnlargesTheLargestFreeBoxIsPerformedAndFcfsRunsAgain() {
        // FN_tor = 12/16 >= 0.1 and FN_max = 4/12 <= 0.7: the four jobs gather in one row, leaving 4x3.
        Plan plan = scattered(SchedulerSettings.defaults()).plan();
        Migration m = plan.migration().orElseThrow();
        assertEquals(5, m.blockedJob());
        assertEquals(4, m.largestFreeBefore());
        assertEquals(12, m.largestFreeAfter());
        assertTrue(m.performed());
        assertEquals(List.of(5L), plan.starts().stream().map(s -> s.job().id()).toList(), "FCFS again starts the head");
    }

    @Test
    void noMigrationIsAttemptedWhenTooFewUnitsAreFree() {
        // 15 of 16 units busy: FN_tor = 1/16 < 0.1.
        assertTrue(almostFull(SchedulerSettings.defaults()).plan().migration().isEmpty());
        assertFalse(almostFull(ALWAYS).plan().migration().orElseThrow().performed(), "always attempted, nothing to gain");
    }

    private static TorusFixture almostFull(SchedulerSettings settings) {
        return new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.MIGRATION, settings)
                .running(1, Box.of(0, 0, 0, 3, 4, 1), 1000)
                .running(2, Box.of(3, 0, 0, 1, 3, 1), 1000)
                .queued(3, 2, 100);
    }

    @Test
    void noMigrationIsAttemptedWhenTheLargestFreeBoxHoldsMostFreeUnits() {
        // Columns 0-1 and unit (2,0) busy: 7 units free, the largest free box 2x3 = 6: FN_max = 6/7 > 0.7.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.MIGRATION)
                .running(1, Box.of(0, 0, 0, 2, 4, 1), 1000)
                .running(2, Box.of(2, 0, 0, 1, 1, 1), 1000)
                .queued(3, 8, 100);
        assertTrue(f.plan().migration().isEmpty());
    }

    @Test
    void theThresholdsAreSettings() {
        // FN_max = 4/12 = 0.33: above a threshold of 0.3, so no attempt; FN_tor = 0.75: below 0.8.
        assertTrue(scattered(new SchedulerSettings(0, 1, 0.1, 0.3, 0)).plan().migration().isEmpty());
        assertTrue(scattered(new SchedulerSettings(0, 1, 0.8, 0.7, 0)).plan().migration().isEmpty());
        assertTrue(scattered(new SchedulerSettings(0, 1, 0.75, 0.34, 0)).plan().migration().isPresent());
    }

    @Test
    void aMigrationThatWouldNotEnlargeTheLargestFreeBoxIsAbandoned() {
        // Same torus as above, migration always attempted: reassigned largest first, the jobs leave the
        // largest free box at 6 again, so nothing moves and the head still waits.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.MIGRATION, ALWAYS)
                .running(1, Box.of(0, 0, 0, 2, 4, 1), 1000)
                .running(2, Box.of(2, 0, 0, 1, 1, 1), 1000)
                .queued(3, 8, 100);
        Plan plan = f.plan();
        Migration m = plan.migration().orElseThrow();
        assertEquals(6, m.largestFreeBefore());
        assertEquals(6, m.largestFreeAfter());
        assertFalse(m.performed());
        assertTrue(plan.starts().isEmpty());
    }

    @Test
    void jobsAreReassignedLargestFirst() {
        // On an emptied 4x4 torus the 4-unit job goes first, to the first box leaving a 3x4 box: column 0. The
        // 2-unit job then takes 2x1 at (1,0), leaving a 3x3 box, and the 1-unit job the last unit of row 0.
        Occupancy torus = Occupancy.empty(FOUR_BY_FOUR).with(Box.of(1, 1, 0, 1, 1, 1))
                .with(Box.of(3, 0, 0, 1, 2, 1)).with(Box.of(2, 2, 0, 2, 2, 1));
        Reassignment r = Reassignment.of(torus, List.of(new Tenant(1, Box.of(1, 1, 0, 1, 1, 1), true),
                new Tenant(2, Box.of(3, 0, 0, 1, 2, 1), true), new Tenant(3, Box.of(2, 2, 0, 2, 2, 1), true)));
        assertEquals(Box.of(0, 0, 0, 1, 4, 1), r.boxes().get(3L));
        assertEquals(Box.of(1, 0, 0, 2, 1, 1), r.boxes().get(2L));
        assertEquals(Box.of(3, 0, 0, 1, 1, 1), r.boxes().get(1L));
    }

    @Test
    void aJobThatWouldNeedALargerSizeKeepsItsPlace() {
        // A 4x2 torus: rows y = 0 (job 1, 4 units) and y = 1 (job 2 on 3 units across the edge, job 3 on one).
        // Largest first, job 1 takes 2x2 at the origin (first of the boxes leaving 4 free), and job 2 finds no
        // 3x1 box: it keeps its place, and the reassignment starts again around it.
        TorusShape shape = new TorusShape(4, 2, 1);
        Box row = Box.of(0, 0, 0, 4, 1, 1);
        Box three = Box.of(3, 1, 0, 3, 1, 1);
        Box one = Box.of(2, 1, 0, 1, 1, 1);
        Reassignment r = Reassignment.of(Occupancy.empty(shape).with(row).with(three).with(one),
                List.of(new Tenant(1, row, true), new Tenant(2, three, true), new Tenant(3, one, true)));
        assertEquals(Map.of(1L, row, 2L, three, 3L, one), r.boxes());
    }

    @Test
    void onlyRunningJobsMoveAJobStartedEarlierInThePassTakesItsNewBox() {
        // Job 5 (1 unit) starts by FCFS, then job 6 blocks; the migration rearranges job 5 with the others.
        TorusFixture f = new TorusFixture(FOUR_BY_FOUR, KrevatScheduler.Variant.MIGRATION)
                .running(1, Box.of(0, 0, 0, 1, 1, 1), 1000)
                .running(2, Box.of(2, 0, 0, 1, 1, 1), 1000)
                .running(3, Box.of(0, 2, 0, 1, 1, 1), 1000)
                .running(4, Box.of(2, 2, 0, 1, 1, 1), 1000)
                .queued(5, 1, 100)
                .queued(6, 8, 100);
        Plan plan = f.plan();
        Migration m = plan.migration().orElseThrow();
        assertTrue(m.performed());
        assertTrue(List.of(1L, 2L, 3L, 4L).containsAll(m.moves().stream().map(Move::jobId).toList()));
        assertEquals(List.of(5L, 6L), plan.starts().stream().map(s -> s.job().id()).toList());
    }
}

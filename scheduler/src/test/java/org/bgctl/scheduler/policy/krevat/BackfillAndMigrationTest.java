package org.bgctl.scheduler.policy.krevat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.SchedulerSettings;
import org.junit.jupiter.api.Test;

/** Scheduler 4 of Krevat et al. (2002), B+M: FCFS, migration, FCFS again, then backfilling. */
class BackfillAndMigrationTest {

    /** Four 1-unit jobs scattered on a 4x4 torus until 1000; the head wants all 16 units, a short 2-unit job waits behind. */
    private static Plan plan(KrevatScheduler.Variant variant) {
        return new TorusFixture(new TorusShape(4, 4, 1), variant, SchedulerSettings.defaults())
                .running(1, Box.of(0, 0, 0, 1, 1, 1), 1000)
                .running(2, Box.of(2, 0, 0, 1, 1, 1), 1000)
                .running(3, Box.of(0, 2, 0, 1, 1, 1), 1000)
                .running(4, Box.of(2, 2, 0, 1, 1, 1), 1000)
                .queued(5, 16, 100)
                .queued(6, 2, 100)
                .plan();
    }

    @Test
    void bPlusMMigratesThenBackfillsBehindTheStillBlockedHead() {
        Plan bm = plan(KrevatScheduler.Variant.BACKFILL_AND_MIGRATION);
        assertTrue(bm.moves());
        assertEquals(List.of(6L), bm.starts().stream().map(s -> s.job().id()).toList());
    }

    @Test
    void migrationAloneMigratesButDoesNotBackfill() {
        Plan migration = plan(KrevatScheduler.Variant.MIGRATION);
        assertTrue(migration.moves());
        assertTrue(migration.starts().isEmpty());
    }

    @Test
    void backfillingAloneBackfillsWithoutMigrating() {
        Plan backfill = plan(KrevatScheduler.Variant.BACKFILL);
        assertTrue(backfill.migration().isEmpty());
        assertEquals(List.of(6L), backfill.starts().stream().map(s -> s.job().id()).toList());
    }
}

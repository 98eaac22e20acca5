package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;

/** The core's bookkeeping of boot delays and migrations, and the direct executor applying a migrating plan. */
class MigrationEventsTest {

    private final SupernodeMachine torus = new SupernodeMachine(new TorusShape(4, 4, 1), 1);

    private SchedulerCore core(String scheduler, SchedulerSettings settings) {
        return new SchedulerCore(Policies.create(scheduler, settings), torus, settings.bootDelay());
    }

    private static SchedulerSettings settings(long boot, long cost) {
        return new SchedulerSettings(boot, 1, 0.1, 0.7, cost);
    }

    @Test
    void aJobRunsBootDelaySecondsAfterItsStartEvent() {
        SchedulerCore core = core("krevat-fcfs", settings(1, 0));
        core.apply(new JobSubmitted(Job.of(1, 0, 100, 150, 4)));
        JobStarted started = core.started(core.plan().starts().get(0));
        assertEquals(1, started.boot());
        core.apply(started);
        assertEquals(101, core.running(1).end());
        assertEquals(151, core.running(1).estimatedEnd());
        assertEquals(101, core.nextFinishTime());
    }

    @Test
    void aMigratedJobHoldsItsNewPartitionAndEndsLaterByTheCost() {
        SchedulerCore core = core("krevat-migration", settings(0, 30));
        Allocation from = torus.allocationOf(Box.of(0, 0, 0, 1, 1, 1));
        Allocation to = torus.allocationOf(Box.of(3, 3, 0, 1, 1, 1));
        core.apply(new JobSubmitted(Job.of(1, 0, 100, 150, 1)));
        core.apply(new JobStarted(1, 0, from));
        core.apply(new JobCheckpointed(1, 10));
        assertThrows(IllegalStateException.class, core::plan, "no pass while a job is checkpointed");
        core.apply(new JobMigrated(1, 10, to, 30));
        RunningJob r = core.running(1);
        assertEquals(to, r.allocation());
        assertEquals(130, r.end());
        assertEquals(180, r.estimatedEnd());
        assertTrue(torus.isFree(from));
        assertFalse(torus.isFree(to));
    }

    @Test
    void theDirectExecutorRecordsTheAttemptThenEveryCheckpointThenEveryRestartThenTheStarts() {
        SchedulerCore core = core("krevat-migration", settings(1, 30));
        long[][] corners = {{0, 0}, {2, 0}, {0, 2}, {2, 2}};
        for (int j = 0; j < 4; j++) {
            core.apply(new JobSubmitted(Job.of(j + 1, 0, 1000, 1000, 1)));
            core.apply(new JobStarted(j + 1, 0, torus.allocationOf(
                    Box.of((int) corners[j][0], (int) corners[j][1], 0, 1, 1, 1)), 1));
        }
        List<SchedulerEvent> events = new ArrayList<>();
        new DirectExecutor(core, events::add).step(10, List.of(Job.of(5, 10, 100, 100, 8)));

        assertInstanceOf(JobSubmitted.class, events.get(0));
        MigrationAttempted attempt = assertInstanceOf(MigrationAttempted.class, events.get(1));
        assertTrue(attempt.performed());
        int moved = 0;
        while (events.get(2 + moved) instanceof JobCheckpointed) moved++;
        assertTrue(moved > 0);
        for (int i = 0; i < moved; i++) {
            JobMigrated m = assertInstanceOf(JobMigrated.class, events.get(2 + moved + i));
            assertEquals(30, m.cost());
            assertEquals(1 + 1000 + 30, core.running(m.jobId()).end());
        }
        JobStarted head = assertInstanceOf(JobStarted.class, events.get(2 + 2 * moved));
        assertEquals(5, head.jobId());
        assertEquals(1, head.boot());
        assertEquals(3 + 2 * moved, events.size());
    }
}

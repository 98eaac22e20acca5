package org.bgctl.scheduler.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Test;

/**
 * The audit of runs with context switches, on a 2x2x2 torus of one-node supernodes: job 1 holds the column
 * (0, 0, *), job 2 the column (0, 1, *); wide job 3 preempts both and runs on the plane x = 0.
 */
class RecordedRunGangTest {

    private static final SupernodeMachine TORUS = new SupernodeMachine(new TorusShape(2, 2, 2), 1);

    private static RecordedRun audit(SchedulerEvent... events) {
        RecordedRun run = new RecordedRun(TORUS.copy());
        for (SchedulerEvent e : events) run.accept(e);
        return run;
    }

    private static JobStarted start(long job, long t, Box box) {
        return new JobStarted(job, t, TORUS.allocationOf(box));
    }

    private static final Box COLUMN_00 = Box.of(0, 0, 0, 1, 1, 2);
    private static final Box COLUMN_01 = Box.of(0, 1, 0, 1, 1, 2);
    private static final Box PLANE_X0 = Box.of(0, 0, 0, 1, 2, 2);

    private static List<SchedulerEvent> gang() {
        return List.of(new JobSubmitted(Job.of(1, 0, 1000, 1000, 2)), new JobSubmitted(Job.of(2, 0, 1000, 1000, 2)),
                new JobSubmitted(Job.of(3, 0, 100, 100, 4)), start(1, 0, COLUMN_00), start(2, 0, COLUMN_01),
                new ContextSwitched(3, 10, 1, List.of(1L, 2L), List.of(), true, 5),
                new JobStarted(3, 10, TORUS.allocationOf(PLANE_X0), 5));
    }

    @Test
    void aGangThatKeepsTheRulesIsClean() {
        RecordedRun run = audit(gang().toArray(SchedulerEvent[]::new));
        assertEquals(List.of(3L), List.copyOf(run.running().keySet()));
        assertEquals(List.of(1L, 2L), List.copyOf(run.suspended().keySet()));
        // The wide job ends at 10 + 5 + 100; jobs 1 and 2, suspended 105 s, resume with 5 s of penalty: 110 s late.
        run.accept(new JobFinished(3, 115));
        run.accept(new ContextSwitched(3, 115, 1, List.of(), List.of(1L, 2L), false, 5));
        run.accept(new JobFinished(1, 1110));
        run.accept(new JobFinished(2, 1110));
        assertEquals(List.of(), run.violations());
        assertTrue(run.running().isEmpty() && run.suspended().isEmpty());
    }

    @Test
    void aUnitNeverHoldsTwoSuspendedJobs() {
        // Job 1 resumes and the wide job is suspended: fine. Suspending job 1 again while the wide job is
        // suspended on the same units is not.
        RecordedRun run = audit(gang().toArray(SchedulerEvent[]::new));
        run.accept(new ContextSwitched(3, 20, 2, List.of(3L), List.of(1L, 2L), true, 0));
        assertEquals(List.of(), run.violations());
        run.accept(new ContextSwitched(3, 30, 3, List.of(1L), List.of(), true, 0));
        assertEquals(1, run.violations().size(), run.violations().toString());
        assertTrue(run.violations().get(0).contains("job 1 is suspended on partition 1x1x2@0.0.0, which keeps another"
                + " suspended job"), run.violations().toString());
    }

    @Test
    void noJobButTheWideOneStartsOnAUnitThatKeepsASuspendedJob() {
        RecordedRun run = audit(new JobSubmitted(Job.of(1, 0, 1000, 1000, 2)), new JobSubmitted(Job.of(4, 0, 10, 10, 1)),
                start(1, 0, COLUMN_00), new ContextSwitched(3, 10, 1, List.of(1L), List.of(), true, 0),
                start(4, 10, Box.of(0, 0, 1, 1, 1, 1)));
        assertEquals(List.of("event 5 at 10: job 4 starts on sn-0.0.1, which keeps suspended job 1"), run.violations());
    }

    @Test
    void aRunningJobAndAResumedOneNeverShareAUnit() {
        RecordedRun run = audit(gang().toArray(SchedulerEvent[]::new));
        run.accept(new ContextSwitched(3, 20, 2, List.of(), List.of(1L), true, 0));
        assertEquals(1, run.violations().size(), run.violations().toString());
        assertTrue(run.violations().get(0).contains("job 1 resumes on partition 1x1x2@0.0.0, which is not free"),
                run.violations().toString());
    }

    @Test
    void aSuspendedJobCannotEnd() {
        RecordedRun run = audit(gang().toArray(SchedulerEvent[]::new));
        run.accept(new JobFinished(1, 1000));
        assertEquals(List.of("event 8 at 1000: job 1 ends but is not running"), run.violations());
    }
    @Test
    void onSwitchesSharedPortByPortAJobMayStartOnOtherPortsOfASwitchThatKeepsASuspendedJob() {
        // Job 1's y-lines pass through sw-y-R112 on its cable ports; job 2 on midplane R112 takes the
        // switch's midplane ports. With whole switches the switch keeps job 1 and job 2 may not use it.
        String passingThrough = "R132:7x2x1:mesh:x=1.2.3.4.5.6:y=0.1/1:z=-";
        String onR112 = "R112:1x1x1:mesh:x=-:y=-:z=-";
        assertEquals(List.of(), suspendThenStart("bgl", passingThrough, onR112));
        assertEquals(List.of("event 6 at 10: job 2 starts on sw-y-R112, which keeps suspended job 1"),
                suspendThenStart("bgl,switch=whole", passingThrough, onR112));
    }

    /** The violations of job 1 started on {@code first}, suspended for job 3, then job 2 started on {@code second}. */
    private static List<String> suspendThenStart(String machine, String first, String second) {
        BglMachineModel bgl = (BglMachineModel) MachineCatalog.create(machine);
        RecordedRun run = new RecordedRun(bgl.copy());
        for (SchedulerEvent e : List.of(new JobSubmitted(Job.of(1, 0, 1000, 1000, 14 * 512)),
                new JobSubmitted(Job.of(2, 0, 100, 100, 512)), new JobSubmitted(Job.of(3, 0, 100, 100, 64 * 512)),
                new JobStarted(1, 0, named(bgl, first)), new ContextSwitched(3, 10, 1, List.of(1L), List.of(), true, 0),
                new JobStarted(2, 10, named(bgl, second))))
            run.accept(e);
        return run.violations();
    }

    private static Allocation named(BglMachineModel bgl, String partition) {
        return bgl.allocationOf(bgl.partition(new Allocation(partition, List.of())));
    }
}

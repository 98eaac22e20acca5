package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.bgl.BootTimes;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;

/**
 * Block boots rule by rule on small-bgl (4x2x2 midplanes of 512 nodes; its machine file boots a block for 100 s
 * + 10 s per midplane): the boot time of a block, the run after it, a failed boot requeued as a killed job is, a
 * component down mid-boot, and EASY planning with the boot.
 */
class BlockBootTest {

    private static final int MIDPLANE = 512;

    static BootModel boots(double failure) {
        BootTimes t = BootTimes.of("small-bgl");
        return new BootModel(t.base(), t.perMidplane(), t.nodesPerMidplane(), failure, 1, t.free());
    }

    static List<SchedulerEvent> run(BootModel boots, int maxRequeues, List<HealthChange> changes, Job... jobs) {
        List<SchedulerEvent> events = new ArrayList<>();
        RecordedRun audit = new RecordedRun(MachineCatalog.create("small-bgl"));
        SchedulerCore core = new SchedulerCore(Policies.create("easy"), MachineCatalog.create("small-bgl"), 0,
                KillPolicy.REQUEUE, maxRequeues, boots);
        new DirectExecutor(core, e -> {
            events.add(e);
            audit.accept(e);
        }).run(new Arrivals(List.of(jobs).iterator()), new ScriptedChanges(changes));
        assertEquals(List.of(), audit.violations());
        return events;
    }

    @Test
    void theMachineFileGivesTheBootTimes() {
        assertEquals(new BootTimes(100, 10, MIDPLANE, 20), BootTimes.of("small-bgl"));
        assertEquals(new BootTimes(120, 6, MIDPLANE, 60), BootTimes.of("bgl,switch=whole"));
        IllegalArgumentException flat = assertThrows(IllegalArgumentException.class, () -> BootTimes.of("flat:128"));
        assertTrue(flat.getMessage().contains("only machines of midplanes"), flat.getMessage());
    }

    @Test
    void aBlockBootsForItsBaseAndPerMidplaneTimeThenItsJobRuns() {
        List<SchedulerEvent> events = run(boots(0), 10, List.of(),
                Job.of(1, 0, 500, 600, MIDPLANE), Job.of(2, 0, 300, 300, 4 * MIDPLANE));
        JobStarted one = started(events, 1);
        JobStarted four = started(events, 2);
        assertEquals(110, one.boot());
        assertEquals(140, four.boot());
        assertNull(one.bootFailure());
        assertTrue(events.contains(new org.bgctl.scheduler.event.BlockBooted(1, 110)), "the block is ready");
        assertTrue(events.contains(new org.bgctl.scheduler.event.BlockBooted(2, 140)), "the block is ready");
        assertTrue(events.contains(new JobFinished(1, 0 + 110 + 500)));
        assertTrue(events.contains(new JobFinished(2, 0 + 140 + 300)));
    }

    @Test
    void withoutABootModelJobsRunFromTheirStart() {
        List<SchedulerEvent> events = run(BootModel.NONE, 10, List.of(), Job.of(1, 0, 500, 600, MIDPLANE));
        assertEquals(0, started(events, 1).boot());
        assertTrue(events.stream().noneMatch(org.bgctl.scheduler.event.BlockBooted.class::isInstance));
        assertTrue(events.contains(new JobFinished(1, 500)));
    }

    @Test
    void aFailedBootEndsAtTheBootsEndAndRequeuesTheJobUntilItMayNoMore() {
        // each midplane fails nearly every boot: the job boots 3 times (2 requeues), then fails
        List<SchedulerEvent> events = run(boots(0.999999), 2, List.of(), Job.of(1, 0, 500, 600, 2 * MIDPLANE));
        List<SchedulerEvent> ofJob = events.stream().filter(e -> !(e instanceof org.bgctl.scheduler.event.JobSubmitted))
                .toList();
        assertEquals(8, ofJob.size(), ofJob.toString());
        JobStarted first = (JobStarted) ofJob.get(0);
        assertEquals(120, first.boot());
        assertNotNull(first.bootFailure());
        assertEquals(new BootFailed(1, 120, first.bootFailure()), ofJob.get(1));
        assertEquals(JobRequeued.class, ofJob.get(2).getClass());
        assertEquals(120, ofJob.get(3).time(), "booted again at once");
        assertEquals(new BootFailed(1, 360, ((JobStarted) ofJob.get(6)).bootFailure()), ofJob.get(7));
        assertTrue(events.stream().noneMatch(e -> e instanceof JobFinished));
    }

    @Test
    void aBlockInErrorIsFreedAndItsFailedMidplaneShownUntilAJobTakesItAgain() {
        List<SchedulerEvent> events = run(boots(0.999999), 0, List.of(), Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 1000, 50, 50, 16 * MIDPLANE));
        RecordedRun state = new RecordedRun(MachineCatalog.create("small-bgl"));
        events.stream().filter(e -> e.time() <= 110).forEach(state::accept);
        assertEquals(java.util.Map.of("mp-R000", 110L), state.bootErrors(), "job 1 failed and may not be requeued");
        assertEquals(MachineCatalog.create("small-bgl").capacity(), state.machine().freeNodes(), "the error block is freed");
        String map = org.bgctl.machine.bgl.MidplaneMap.render((org.bgctl.machine.bgl.BglMachineModel) state.machine(),
                new java.util.TreeMap<>(), state.blockStates(110));
        assertTrue(map.contains("y=0  !...   ...."), map);
        assertTrue(map.contains("boot failed (!, block in error, freed)\n  mp-R000  at 110 s\n"), map);
        RecordedRun later = new RecordedRun(MachineCatalog.create("small-bgl"));
        events.stream().filter(e -> e.time() <= 1000).forEach(later::accept);
        assertEquals(java.util.Map.of(2L, 1000L + 260), later.booting(1000), "job 2 boots all 16 midplanes");
        assertTrue(later.bootErrors().isEmpty(), "job 2 took mp-R000 again");
    }

    @Test
    void theFailureDrawIsTheSameForTheSameSeedJobAndInstant() {
        BootModel model = boots(0.3);
        MachineModel m = MachineCatalog.create("small-bgl");
        var block = m.place(new org.bgctl.machine.Demand(8 * MIDPLANE));
        int failed = 0;
        for (long job = 0; job < 2000; job++) {
            String midplane = model.failingMidplane(job, 77, block);
            assertEquals(midplane, model.failingMidplane(job, 77, block));
            if (midplane != null) failed++;
        }
        // P(a block of 8 fails) = 1 - 0.7^8 = 0.942
        assertTrue(failed > 1820 && failed < 1945, failed + " of 2000 boots of 8 midplanes failed");
        assertNull(boots(0).failingMidplane(1, 77, block));
    }

    @Test
    void aMidplaneGoingDownMidBootKillsTheJobWhichIsRequeued() {
        List<SchedulerEvent> events = run(boots(0), 10,
                List.of(new HealthChange(50, "mp-R000", false), new HealthChange(60, "mp-R000", true)),
                Job.of(1, 0, 500, 600, 16 * MIDPLANE));
        assertEquals(new JobKilled(1, 50, "mp-R000"), events.get(2));
        assertEquals(JobRequeued.class, events.get(3).getClass());
        JobStarted again = (JobStarted) events.stream().filter(e -> e instanceof JobStarted).toList().get(1);
        assertEquals(60, again.time());
        assertTrue(events.contains(new JobFinished(1, 60 + 260 + 500)));
    }

    @Test
    void easyCountsTheBootOfABackfilledJob() {
        // Job 1 holds 8 midplanes until 0 + 180 + 1000 by estimate (and its block until 1200, freed in 20 s); job 2
        // needs all 16 and waits for it. Job 3 (1 midplane, estimate 1100) would end by the shadow time without its
        // 110 s boot (2 + 1100 < 1180), not with it (2 + 110 + 1100 > 1180): it must wait for job 2.
        List<SchedulerEvent> events = run(boots(0), 10, List.of(), Job.of(1, 0, 1000, 1000, 8 * MIDPLANE),
                Job.of(2, 1, 100, 100, 16 * MIDPLANE), Job.of(3, 2, 1100, 1100, MIDPLANE));
        assertEquals(1200, started(events, 2).time());
        assertTrue(started(events, 3).time() >= 1200, events.toString());
        // with an estimate that ends by the shadow time, boot included, it is backfilled
        List<SchedulerEvent> shorter = run(boots(0), 10, List.of(), Job.of(1, 0, 1000, 1000, 8 * MIDPLANE),
                Job.of(2, 1, 100, 100, 16 * MIDPLANE), Job.of(3, 2, 1000, 1000, MIDPLANE));
        assertEquals(2, started(shorter, 3).time());
        assertEquals(1200, started(shorter, 2).time());
    }

    @Test
    void aFinishedJobsBlockIsFreedAfterTheFreeTimeAndOnlyThenTaken() {
        // job 1 holds all 16 midplanes and finishes at 260 + 500; job 2 waits for a midplane until its block is free
        List<SchedulerEvent> events = run(boots(0), 10, List.of(), Job.of(1, 0, 500, 600, 16 * MIDPLANE),
                Job.of(2, 10, 50, 50, MIDPLANE));
        int finished = events.indexOf(new JobFinished(1, 760));
        int freed = events.indexOf(new org.bgctl.scheduler.event.BlockFreed(1, 780));
        assertTrue(finished > 0 && freed > finished, events.toString());
        assertEquals(780, started(events, 2).time());
        assertTrue(events.indexOf(started(events, 2)) > freed);
        assertEquals(20, started(events, 1).free());
        // the last block is freed too: nothing is left held
        assertEquals(new org.bgctl.scheduler.event.BlockFreed(2, 780 + 110 + 50 + 20), events.get(events.size() - 1));
    }

    @Test
    void aMidplaneFailingUnderABlockBeingFreedStaysDownOnceTheBlockIsFree() {
        // job 1's 16-midplane block is freed from 760 to 780; mp-R000 fails at 770 and is repaired at 900
        List<SchedulerEvent> events = run(boots(0), 10,
                List.of(new HealthChange(770, "mp-R000", false), new HealthChange(900, "mp-R000", true)),
                Job.of(1, 0, 500, 600, 16 * MIDPLANE), Job.of(2, 10, 50, 50, 16 * MIDPLANE),
                Job.of(3, 10, 50, 50, MIDPLANE));
        assertTrue(events.contains(new org.bgctl.scheduler.event.BlockFreed(1, 780)), events.toString());
        assertEquals(780, started(events, 3).time(), "job 3 backfills on a midplane that is up");
        assertTrue(started(events, 2).time() >= 900, "job 2 needs mp-R000 back");
    }

    @Test
    void theAuditRefusesAStartOnABlockBeingFreed() {
        MachineModel m = MachineCatalog.create("small-bgl");
        var block = m.place(new org.bgctl.machine.Demand(MIDPLANE));
        RecordedRun audit = new RecordedRun(MachineCatalog.create("small-bgl"));
        Job one = Job.of(1, 0, 100, 100, MIDPLANE);
        Job two = Job.of(2, 0, 100, 100, MIDPLANE);
        audit.accept(new org.bgctl.scheduler.event.JobSubmitted(one));
        audit.accept(new org.bgctl.scheduler.event.JobSubmitted(two));
        audit.accept(new JobStarted(1, 0, block, 0, null, 20));
        audit.accept(new JobFinished(1, 100));
        audit.accept(new JobStarted(2, 110, block, 0, null, 20));
        assertEquals(1, audit.violations().size(), audit.violations().toString());
        assertTrue(audit.violations().get(0).contains("which is not free"), audit.violations().toString());
        audit.accept(new org.bgctl.scheduler.event.BlockFreed(1, 121));
        assertTrue(audit.violations().get(1).contains("is freed at 121, due at 120"), audit.violations().toString());
    }

    @Test
    void aBlockWhoseBootFailedIsFreedAtOnce() {
        List<SchedulerEvent> events = run(boots(0.999999), 0, List.of(), Job.of(1, 0, 500, 600, MIDPLANE),
                Job.of(2, 50, 50, 50, 16 * MIDPLANE));
        assertEquals(BootFailed.class, events.get(3).getClass());
        assertEquals(110, started(events, 2).time(), "job 2 takes the whole machine as job 1's boot fails");
        assertTrue(events.stream().noneMatch(org.bgctl.scheduler.event.BlockFreed.class::isInstance));
    }

    static JobStarted started(List<SchedulerEvent> events, long job) {
        return (JobStarted) events.stream().filter(e -> e instanceof JobStarted s && s.jobId() == job).findFirst()
                .orElseThrow(() -> new AssertionError("job " + job + " never started: " + events));
    }
}

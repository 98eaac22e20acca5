package org.bgctl.scheduler.policy.pfcfs;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.Test;

/**
 * Preemptive FCFS on machines of whole units, on tiny fixtures: tori of one-node supernodes
 * ({@code supernode:2x2x2/1}, {@code supernode:4x2x1/1}) and small-bgl (4x2x2 midplanes of 512 nodes, with
 * switches and cables). x = 50%: a job needing half of the units or more is wide; δ = 1 s.
 */
class PreemptiveFcfsOnUnitsTest {

    private static final GangSettings X50 = new GangSettings(50, 1, 600, 1, 0);

    private static ScheduleRecorder run(String machine, Job... jobs) {
        return ScheduleRecorder.run(new PreemptiveFcfs(X50), MachineCatalog.create(machine), List.of(jobs));
    }

    private static List<ContextSwitched> switches(ScheduleRecorder r) {
        return r.events().stream().filter(e -> e instanceof ContextSwitched).map(e -> (ContextSwitched) e).toList();
    }

    @Test
    void aWideJobIsOneNeedingAtLeastXPercentOfTheUnits() {
        assertEquals(7 * 512 + 1, X50.wideNodes(16 * 512, 512));
        assertEquals(X50.wideNodes(10), X50.wideNodes(10, 1));
        // Four jobs of 4 midplanes fill small-bgl's 16. A job of 7 x 512 nodes needs 7 midplanes (a box of 8):
        // small, it waits; one node more needs 8 midplanes, half of them: wide, it preempts after δ.
        Job[] running = {of(1, 0, 1000, 1000, 4 * 512), of(2, 0, 1000, 1000, 4 * 512), of(3, 0, 1000, 1000, 4 * 512),
                of(4, 0, 1000, 1000, 4 * 512)};
        ScheduleRecorder small = run("small-bgl", append(running, of(5, 10, 100, 100, 7 * 512)));
        assertEquals(1000L, small.starts().get(5L));
        assertTrue(switches(small).isEmpty());
        ScheduleRecorder wide = run("small-bgl", append(running, of(5, 10, 100, 100, 7 * 512 + 1)));
        assertEquals(11L, wide.starts().get(5L));
    }

    @Test
    void theWidePartitionTakesFreeAndPreemptedMidplanesWithTheirSwitchesAndCables() {
        // The four jobs of 4 midplanes are x-lines (y, z) = (0, 0), (0, 1), (1, 0), (1, 1). No single job
        // frees 8 midplanes; the largest (ties: lowest id, job 1) is set aside, then the smallest job whose
        // release completes a partition: job 2, the x-line next to it in z. The wide job's 4x1x2 partition uses
        // their midplanes, their switches and the z cables between them; jobs 3 and 4 run on.
        ScheduleRecorder r = run("small-bgl", of(1, 0, 1000, 1000, 4 * 512), of(2, 0, 1000, 1000, 4 * 512),
                of(3, 0, 1000, 1000, 4 * 512), of(4, 0, 1000, 1000, 4 * 512), of(5, 10, 100, 100, 8 * 512));
        assertEquals(List.of(1L, 2L), switches(r).get(0).suspended());
        JobStarted wide = started(r, 5);
        assertTrue(wide.allocation().partition().startsWith("R000:4x1x2"), wide.allocation().partition());
        for (Claim c : wide.allocation().claims())
            assertTrue(holds(started(r, 1), c.unit()) || holds(started(r, 2), c.unit()), c.unit() + " was not theirs");
        assertEquals(Map.of(1L, 1100L, 2L, 1100L, 3L, 1000L, 4L, 1000L, 5L, 111L), r.ends());
    }

    @Test
    void theGreedySubsetPreemptsTheSmallestJobWhoseUnitsCompleteABox() {
        // Jobs of 2 supernodes hold the z-columns (x, y) = (0, 0), (0, 1), (1, 0), (1, 1); the last ends at 5.
        // Its free column and job 1's are diagonal, not a box: though job 1 has the lowest id, the wide job
        // preempts job 2, whose column completes a 2x1x2 box with the free one.
        ScheduleRecorder r = run("supernode:2x2x2/1", of(1, 0, 1000, 1000, 2), of(2, 0, 1000, 1000, 2),
                of(3, 0, 1000, 1000, 2), of(4, 0, 5, 5, 2), of(5, 10, 100, 100, 4));
        assertEquals(List.of(2L), switches(r).get(0).suspended());
        assertEquals("2x1x2@0.1.0", r.partitions().get(5L));
        assertEquals(Map.of(1L, 1000L, 2L, 1100L, 3L, 1000L, 4L, 5L, 5L, 111L), r.ends());
    }

    @Test
    void theUnitsOfAPreemptedJobThatTheWideJobDoesNotUseStayIdle() {
        // On a 4x2 ring of supernodes, jobs 1 and 2 hold 3 supernodes of rows y = 0 and 1, job 3 the column
        // x = 3. Wide job 4 sets job 1 aside and completes row 0 with job 3's (3, 0): it preempts both. Job 3's
        // (3, 1) keeps it suspended: jobs 5 and 6 (one supernode each) wait for free units until job 2 ends.
        ScheduleRecorder r = run("supernode:4x2x1/1", of(1, 0, 1000, 1000, 3), of(2, 0, 1000, 1000, 3),
                of(3, 0, 1000, 1000, 2), of(4, 10, 100, 100, 4), of(5, 20, 50, 50, 1), of(6, 20, 50, 50, 1));
        assertEquals("1x2x1@3.0.0", r.partitions().get(3L));
        assertEquals(List.of(1L, 3L), switches(r).get(0).suspended());
        assertEquals("4x1x1@0.0.0", r.partitions().get(4L));
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 0L, 4L, 11L, 5L, 1000L, 6L, 1000L), r.starts());
    }

    @Test
    void machinesThatCannotWithholdUnitsAreRefused() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () ->
                new PreemptiveFcfs(GangSettings.defaults()).requireSupported(MachineCatalog.create("buddy:16")));
        assertTrue(e.getMessage().contains("pfcfs"), e.getMessage());
        new PreemptiveFcfs(GangSettings.defaults()).requireSupported(MachineCatalog.create("small-bgl"));
        new PreemptiveFcfs(GangSettings.defaults()).requireSupported(MachineCatalog.create("supernode"));
    }

    private static Job[] append(Job[] jobs, Job job) {
        Job[] all = java.util.Arrays.copyOf(jobs, jobs.length + 1);
        all[jobs.length] = job;
        return all;
    }

    private static JobStarted started(ScheduleRecorder r, long job) {
        return r.events().stream().filter(e -> e instanceof JobStarted s && s.jobId() == job).map(e -> (JobStarted) e)
                .findFirst().orElseThrow();
    }

    private static boolean holds(JobStarted s, String unit) {
        return s.allocation().claims().stream().anyMatch(c -> c.unit().equals(unit));
    }
}

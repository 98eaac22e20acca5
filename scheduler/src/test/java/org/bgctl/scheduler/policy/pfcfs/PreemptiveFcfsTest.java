package org.bgctl.scheduler.policy.pfcfs;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.event.ContextSwitched;
import org.junit.jupiter.api.Test;

/**
 * The rules of preemptive FCFS (Schwiegelshohn and Yahyapour 1998, section 5) on flat:10 with tiny fixtures.
 * Jobs are {@code Job.of(id, submit, run, estimate, size)}; x = 50% makes jobs of 5 nodes or more wide.
 */
class PreemptiveFcfsTest {

    private static ScheduleRecorder run(GangSettings settings, Job... jobs) {
        return ScheduleRecorder.run(new PreemptiveFcfs(settings), 10, jobs);
    }

    private static GangSettings gang(long delay, long length, int switches, long penalty) {
        return new GangSettings(50, delay, length, switches, penalty);
    }

    private static List<ContextSwitched> switches(ScheduleRecorder r) {
        return r.events().stream().filter(e -> e instanceof ContextSwitched).map(e -> (ContextSwitched) e).toList();
    }

    @Test
    void rule1ASmallJobNeverPreemptsAndAWideOneDoes() {
        // Jobs 1 and 2 (4 nodes each) run from 0 to 1000. Job 3 asks for 4 nodes, less than 50%: it waits in
        // FCFS order.
        ScheduleRecorder small = run(gang(60, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 4), of(3, 10, 100, 100, 4));
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 1000L), small.starts());
        assertTrue(switches(small).isEmpty());
        // Job 3 asks for 5 nodes, 50%: it is wide and preempts job 1 after δ = 60 s, runs 100 s, and job 1
        // resumes; job 1 ends 100 s late, job 2 on time.
        ScheduleRecorder wide = run(gang(60, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 4), of(3, 10, 100, 100, 5));
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 70L), wide.starts());
        assertEquals(Map.of(1L, 1100L, 2L, 1000L, 3L, 170L), wide.ends());
        assertEquals(List.of(new ContextSwitched(3, 70, 1, List.of(1L), List.of(), true, 0),
                new ContextSwitched(3, 170, 1, List.of(), List.of(1L), false, 0)), switches(wide));
    }

    @Test
    void rule2AWideJobWaitsDeltaAfterItIsNextAndAfterTheLastWideJobEnded() {
        // Job 1 (4 nodes, small) runs from 0 to 1000 and job 2 (6, wide) from 0 to 500. Job 3 (8, wide) is next
        // from 10, but a wide job is active until 500; at 500 it does not fit the 6 free nodes, so it preempts
        // at 500 + δ = 560.
        ScheduleRecorder r = run(gang(60, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 500, 500, 6), of(3, 10, 100, 100, 8));
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 560L), r.starts());
        assertEquals(List.of(1L), switches(r).get(0).suspended());
        // Job 4 (wide) is queued behind job 3 (small, 3 nodes, which does not fit the 2 free nodes): it is not
        // next, so it does not preempt; it waits until job 3 started at 1000 and its own δ ran out at 1060. It
        // then lacks 3 nodes, which job 3 covers exactly.
        ScheduleRecorder behind = run(gang(60, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 2000, 2000, 4), of(3, 1, 100, 100, 3), of(4, 2, 100, 100, 6));
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 1000L, 4L, 1060L), behind.starts());
        assertEquals(List.of(3L), switches(behind).get(0).suspended());
    }

    @Test
    void rule2TheDelayIsCountedFromWhenTheWideJobBecameNext() {
        // Job 2 (small, 3) waits behind job 1 until 300; job 3 (wide, 8) is next from 300 and preempts at 301
        // with δ = 1 s, though it arrived at 20.
        ScheduleRecorder r = run(gang(1, 600, 1, 0),
                of(1, 0, 300, 300, 10), of(2, 10, 1000, 1000, 3), of(3, 20, 50, 50, 8));
        assertEquals(301L, r.starts().get(3L));
    }

    @Test
    void rule3TheGreedySubsetPreemptsFewJobsAndMatchesTheNodesLacking() {
        // Jobs of 4, 3, 2 and 1 nodes fill flat:10. A wide job of 5 lacks 5: no job covers 5, so the largest
        // (4) is taken, then the smallest covering the 1 still lacking: the 1-node job.
        ScheduleRecorder r = run(gang(1, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 3), of(3, 0, 1000, 1000, 2), of(4, 0, 1000, 1000, 1),
                of(5, 10, 100, 100, 5));
        assertEquals(List.of(1L, 4L), switches(r).get(0).suspended());
        // A wide job of 6 with 4 free nodes lacks 2: the smallest single job that covers it, the 2-node one.
        ScheduleRecorder cover = run(gang(1, 600, 1, 0),
                of(1, 0, 1000, 1000, 3), of(2, 0, 1000, 1000, 2), of(3, 0, 1000, 1000, 1),
                of(4, 10, 100, 100, 6));
        assertEquals(List.of(2L), switches(cover).get(0).suspended());
        // Jobs not preempted run on: job 1 ends on time.
        assertEquals(1000L, cover.ends().get(1L));
    }

    @Test
    void rule4OddNLetsTheWideJobRunToCompletionEvenNTheSmallJobs() {
        // Small job 1 (4 nodes, 1000 s) from 0; wide job 2 (10 nodes, 1000 s) preempts at 10; Δ = 100 s.
        Job small = of(1, 0, 1000, 1000, 4);
        Job wide = of(2, 0, 1000, 1000, 10);
        // n = 1: the wide job runs 10..1010; job 1 then has 990 s left.
        ScheduleRecorder one = run(gang(10, 100, 1, 0), small, wide);
        assertEquals(Map.of(1L, 2000L, 2L, 1010L), one.ends());
        // n = 2: back to job 1 at 110, which runs to completion (990 s left), then the wide job (900 s left).
        ScheduleRecorder two = run(gang(10, 100, 2, 0), small, wide);
        assertEquals(Map.of(1L, 1100L, 2L, 2000L), two.ends());
        assertEquals(List.of(true, true, false), switches(two).stream().map(ContextSwitched::counted).toList());
        // n = 3: the wide job again at 210, to completion (900 s left), then job 1 (890 s left).
        ScheduleRecorder three = run(gang(10, 100, 3, 0), small, wide);
        assertEquals(Map.of(1L, 2000L, 2L, 1110L), three.ends());
        assertEquals(List.of(1, 2, 3, 3), switches(three).stream().map(ContextSwitched::number).toList());
    }

    @Test
    void aGangThatCompletesEndsTheCycleAndTheOtherResumesAtOnce() {
        // n = 10, Δ = 100: the wide job (150 s) gets 10..110 and 210..260; job 1 resumes at 260.
        ScheduleRecorder r = run(gang(10, 100, 10, 0), of(1, 0, 1000, 1000, 4), of(2, 0, 150, 150, 10));
        assertEquals(Map.of(1L, 1150L, 2L, 260L), r.ends());
        // Job 1 (60 s) ends during its own slice: the wide job resumes at once and runs to completion.
        ScheduleRecorder s = run(gang(10, 100, 10, 0), of(1, 0, 60, 60, 4), of(2, 0, 1000, 1000, 10));
        assertEquals(Map.of(1L, 160L, 2L, 1060L), s.ends());
    }

    @Test
    void aWideJobPreemptsInThePassThatStartsTheJobsBeforeIt() {
        // x = 31% (4 nodes), δ = 0. Job 1 (1 node) runs from 0. At 1, job 2 (3 nodes) starts and job 3 (7 nodes,
        // wide) lacks 1 node: it becomes next in that pass and preempts job 1 at once, taking the 6 free nodes
        // and job 1's. Both end at 1 (run time 0); job 1 resumes then and ends on time.
        ScheduleRecorder r = ScheduleRecorder.run(new PreemptiveFcfs(new GangSettings(31, 0, 1, 1, 0)), 10,
                of(1, 0, 2, 2, 1), of(2, 1, 0, 0, 3), of(3, 1, 0, 0, 7));
        assertEquals(Map.of(1L, 0L, 2L, 1L, 3L, 1L), r.starts());
        assertEquals(Map.of(1L, 2L, 2L, 1L, 3L, 1L), r.ends());
        assertEquals(List.of(1L), switches(r).get(0).suspended());
    }

    @Test
    void eachJobSwitchedInLosesThePenalty() {
        // n = 1, 5 s per switch: the wide job computes from 15 to 1015, job 1 from 1020 on (990 s left).
        ScheduleRecorder r = run(gang(10, 100, 1, 5), of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 10));
        assertEquals(Map.of(1L, 2010L, 2L, 1015L), r.ends());
    }

    @Test
    void newSmallJobsRunOutsideTheSubsetButNotOnItsNodes() {
        // Job 1 (4 nodes) and job 2 (2) fill 6 of 10; wide job 3 (8 nodes) takes the 4 free nodes and borrows
        // job 1's 4. Job 4 (2 nodes) fits the 2 nodes of job 2 when that ends at 100, not before.
        ScheduleRecorder r = run(gang(1, 600, 1, 0),
                of(1, 0, 1000, 1000, 4), of(2, 0, 100, 100, 2), of(3, 5, 500, 500, 8), of(4, 10, 50, 50, 2));
        assertEquals(List.of(1L), switches(r).get(0).suspended());
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 6L, 4L, 100L), r.starts());
    }

    @Test
    void theParametersAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> new GangSettings(0, 60, 600, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> new GangSettings(40, 60, 600, 0, 0));
        assertThrows(IllegalArgumentException.class, () -> new GangSettings(40, 60, 0, 1, 0));
        assertEquals(52, new GangSettings(40, 60, 600, 1, 0).wideNodes(128));
        assertEquals(64, new GangSettings(50, 60, 600, 1, 0).wideNodes(128));
    }
}

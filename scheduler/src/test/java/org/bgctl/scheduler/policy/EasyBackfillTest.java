package org.bgctl.scheduler.policy;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.junit.jupiter.api.Test;

/**
 * EASY backfilling on flat:10, one rule per fixture. Jobs are
 * {@code Job.of(id, submit, run, estimate, size)}.
 */
class EasyBackfillTest {

    private static Map<Long, Long> starts(Job... jobs) {
        return ScheduleRecorder.run(new EasyBackfill(), 10, jobs).starts();
    }

    @Test
    void theShadowTimeComesFromEstimatesNotRunTimes() {
        // Job 1 (6 nodes) really runs [0, 50) but is estimated to end at 100. t=1: job 2 (8)
        // does not fit in 4 free nodes; shadow = 100 (job 1's estimated end), extra = 10 - 8 = 2.
        // t=2: job 3 (4 nodes, estimate 60) fits now and ends by estimate at 62 <= 100, so it
        // starts. (With the shadow taken from job 1's run time, 50, job 3 would end after it
        // and is larger than the 2 extra nodes: it would wait.) t=50: job 1 ends, 6 free, job 2
        // still waits; t=57: job 3 ends (run 55), job 2 starts.
        assertEquals(Map.of(1L, 0L, 2L, 57L, 3L, 2L), starts(
                of(1, 0, 50, 100, 6),
                of(2, 1, 100, 100, 8),
                of(3, 2, 55, 60, 4)));
    }

    @Test
    void aJobEndingBeforeItsEstimateLetsTheHeadStartWhenItReallyEnds() {
        // Job 2's reservation is at 100 (job 1's estimated end), but job 1 really ends at 50,
        // where the finish frees the nodes and job 2 starts.
        assertEquals(Map.of(1L, 0L, 2L, 50L), starts(
                of(1, 0, 50, 100, 6),
                of(2, 1, 10, 10, 8)));
    }

    @Test
    void aJobEndingByTheShadowTimeStartsEvenIfLargerThanExtra() {
        // t=1: job 2 (8) blocked, shadow 100, extra 2. t=2: job 3 (4 nodes, estimate 98) fits
        // in the 4 free nodes and ends by estimate at exactly 100 <= shadow: it starts, though
        // 4 > extra.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 2L), starts(
                of(1, 0, 100, 100, 6),
                of(2, 1, 100, 100, 8),
                of(3, 2, 98, 98, 4)));
    }

    @Test
    void aJobEndingAfterTheShadowTimeAndLargerThanExtraWaits() {
        // As above with estimate 99: job 3 would end at 101 > 100 and 4 > extra 2, so it waits.
        // t=100: job 2 starts (2 free); job 3 starts when job 2 ends, at 200.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 200L), starts(
                of(1, 0, 100, 100, 6),
                of(2, 1, 100, 100, 8),
                of(3, 2, 99, 99, 4)));
    }

    @Test
    void aLongBackfillJobUsesUpTheExtraNodes() {
        // t=1: job 2 (7) blocked behind job 1 (6 of 10 nodes until 100): shadow 100,
        // extra = 10 - 7 = 3. t=2, one pass for both arrivals: job 3 (2 nodes, ends at 502,
        // past the shadow) fits now and 2 <= extra: it starts, extra = 1. Job 4 (the same)
        // still fits now (2 free) but 2 > extra 1: it waits. t=100: job 2 starts (1 free);
        // job 4 heads the queue, shadow 200 (job 2's end): it starts at 200.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 2L, 4L, 200L), starts(
                of(1, 0, 100, 100, 6),
                of(2, 1, 100, 100, 7),
                of(3, 2, 500, 500, 2),
                of(4, 2, 500, 500, 2)));
    }

    @Test
    void allJobsEstimatedToEndAtTheShadowTimeAreReleasedForExtra() {
        // Jobs 1 and 2 (4 nodes each) are both estimated to end at 100; 2 nodes free. t=1:
        // job 3 (6) blocked; the first release at 100 already makes 6 free, so shadow = 100,
        // but job 2 also ends then: extra = 10 - 6 = 4, not 0. t=2: job 4 (2 nodes, to 502)
        // fits now and 2 <= extra: it starts. t=100: job 3 starts on the 8 free nodes.
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 100L, 4L, 2L), starts(
                of(1, 0, 100, 100, 4),
                of(2, 0, 100, 100, 4),
                of(3, 1, 100, 100, 6),
                of(4, 2, 500, 500, 2)));
    }

    @Test
    void jobsStartedInTheSamePassCountTowardsTheShadowTime() {
        // t=0: job 1 (5 nodes) runs until 80. t=10, one pass: job 2 (3 nodes, estimate 40)
        // starts (2 free); job 3 (5) is blocked. Job 2, started in this pass, ends by estimate
        // at 50, before job 1: then 5 are free, so shadow = 50 and extra = 5 - 5 = 0. Job 4
        // (2 nodes, estimate 60) fits now but ends at 70 > 50 and 2 > 0: it waits. (Leaving
        // job 2 out would give shadow 80, extra 2, and job 4 would start at 10.) t=50: job 2
        // ends, job 3 starts; t=80: job 1 ends, job 4 starts.
        assertEquals(Map.of(1L, 0L, 2L, 10L, 3L, 50L, 4L, 80L), starts(
                of(1, 0, 80, 80, 5),
                of(2, 10, 40, 40, 3),
                of(3, 10, 100, 100, 5),
                of(4, 10, 60, 60, 2)));
    }

    @Test
    void onlyTheHeadIsProtected() {
        // Job 1 (5 nodes) runs to 100; t=1: job 2 (8) blocked: shadow 100, extra 2. Job 3 needs
        // all 10 nodes after job 2. t=3: job 4 (2 nodes, to 253) fits now and 2 <= extra, so
        // EASY starts it, although that pushes job 3 (not the head) from 200 back to 253.
        // (Conservative backfilling refuses job 4 here: see ConservativeBackfillTest.)
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 253L, 4L, 3L), starts(
                of(1, 0, 100, 100, 5),
                of(2, 1, 100, 100, 8),
                of(3, 2, 100, 100, 10),
                of(4, 3, 250, 250, 2)));
    }
}

package org.bgctl.scheduler.policy;

import static org.bgctl.scheduler.Job.of;
import static org.bgctl.scheduler.TestEvents.started;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.Test;

/**
 * Conservative backfilling on flat:10, one rule per fixture. Jobs are
 * {@code Job.of(id, submit, run, estimate, size)}; "[a, b) n" below means n nodes free from a to b
 * in the free-node profile of a pass.
 */
class ConservativeBackfillTest {

    private static ScheduleRecorder run(Job... jobs) {
        return ScheduleRecorder.run(new ConservativeBackfill(), 10, jobs);
    }

    @Test
    void aLaterJobThatWouldDelayAnEarlierReservationDoesNotStart() {
        // Job 1 (5 nodes) runs to 100. Pass at t=3, profile [3,100) 5, [100,...) 10:
        // job 2 (8 x 100 s) is reserved at 100 -> [100,200) 2; job 3 (10 x 100 s) at 200 ->
        // [200,300) 0; job 4 (2 x 250 s) fits now but [3,253) crosses job 3's reservation,
        // so it is reserved at 300 and does not start. (EASY starts it at 3 and job 3 slips to
        // 253: see EasyBackfillTest#onlyTheHeadIsProtected.)
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 200L, 4L, 300L), run(
                of(1, 0, 100, 100, 5),
                of(2, 1, 100, 100, 8),
                of(3, 2, 100, 100, 10),
                of(4, 3, 250, 250, 2)).starts());
    }

    @Test
    void aLaterJobThatFitsInAHoleWithoutDelayingAnyoneStarts() {
        // Job 1 (5 nodes) runs to 100; job 2 (8) is reserved at 100 -> [100,200) 2.
        // t=2: job 3 (2 x 500 s) fits over all of [2,502): [2,100) 5, [100,200) 2, then 10:
        // it starts, leaving [2,100) 3, [100,200) 0, [200,502) 8.
        // t=3: job 4 (3 x 97 s) fits in [3,100) 3 and ends as job 2's reservation begins: it
        // starts. t=100: jobs 1 and 4 end, job 2 starts on 8 of the 8 free nodes.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 2L, 4L, 3L), run(
                of(1, 0, 100, 100, 5),
                of(2, 1, 100, 100, 8),
                of(3, 2, 500, 500, 2),
                of(4, 3, 97, 97, 3)).starts());
    }

    @Test
    void aZeroEstimateReservationTakesNothingFromTheProfile() {
        // Job 1 (6 nodes) runs to 100. t=1: job 2 (10 nodes, estimate 0) needs its nodes at one
        // instant: 100, where all 10 are free; its reservation takes no time, so nothing.
        // t=2: job 3 (4 x 200 s) therefore fits over [2,202) ([2,100) 4, then 10) and starts.
        // t=100: job 2 finds only 6 free and is reserved at 202, when job 3 ends; it starts
        // and ends there.
        ScheduleRecorder r = run(
                of(1, 0, 100, 100, 6),
                of(2, 1, 0, 0, 10),
                of(3, 2, 200, 200, 4));
        assertEquals(Map.of(1L, 0L, 2L, 202L, 3L, 2L), r.starts());
        assertEquals(202L, r.ends().get(2L));
    }

    @Test
    void aJobReservedNowWaitsForTheNodesOfAZeroLengthJobOfTheSamePass() {
        // All at t=0 on 10 free nodes. Job 1 (6 nodes, run and estimate 0) fits at the instant
        // 0, takes nothing from the profile and starts, holding 6 nodes until its finish after
        // the pass. Job 2 (6 x 100 s) is reserved at 0 ([0,100) 4) but only 4 nodes are really
        // free: it does not start. Job 3 (4 x 100 s) fits in [0,100) 4 and the 4 free nodes:
        // it starts. Then job 1 finishes at 0 and the next pass, still at 0, starts job 2.
        ScheduleRecorder r = run(
                of(1, 0, 0, 0, 6),
                of(2, 0, 100, 100, 6),
                of(3, 0, 100, 100, 4));
        List<SchedulerEvent> expected = List.of(
                new JobSubmitted(of(1, 0, 0, 0, 6)),
                new JobSubmitted(of(2, 0, 100, 100, 6)),
                new JobSubmitted(of(3, 0, 100, 100, 4)),
                started(1, 0, 6),
                started(3, 0, 4),
                new JobFinished(1, 0),
                started(2, 0, 6),
                new JobFinished(2, 100),
                new JobFinished(3, 100));
        assertEquals(expected, r.events());
    }

    @Test
    void aJobReservedNowThatCannotStartKeepsItsReservationForTheRestOfThePass() {
        // All at t=0. Job 1 (3 nodes, run 0) starts and holds 3 nodes through the pass. Job 2
        // (8 x 100 s) is reserved at 0 -> [0,100) 2, but only 7 nodes are really free: it waits
        // for the next pass. Job 3 (5 x 100 s) would fit in the 7 free nodes, but not in
        // [0,100) 2: it is reserved at 100. After job 1's finish, the second pass at 0 starts
        // job 2; job 3 starts at 100. (Dropping job 2's reservation would start job 3 at 0 and
        // push job 2 back to 100.)
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 100L), run(
                of(1, 0, 0, 0, 3),
                of(2, 0, 100, 100, 8),
                of(3, 0, 100, 100, 5)).starts());
    }
}

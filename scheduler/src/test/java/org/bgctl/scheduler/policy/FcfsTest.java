package org.bgctl.scheduler.policy;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ScheduleRecorder;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.Test;

/** FCFS on flat:10. Jobs are {@code Job.of(id, submit, run, estimate, size)}. */
class FcfsTest {

    private static Map<Long, Long> starts(Job... jobs) {
        return ScheduleRecorder.run(new Fcfs(), 10, jobs).starts();
    }

    @Test
    void aBlockedHeadStopsLaterJobsThatWouldFit() {
        // t=0: job 1 takes 6 of 10 nodes. t=1: job 2 (6) does not fit in the 4 free nodes and
        // heads the queue. t=2: job 3 (2) would fit in the 4 free nodes, but FCFS stops at the
        // blocked head. t=100: job 1 ends, job 2 starts (4 left), then job 3 fits and starts.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 100L), starts(
                of(1, 0, 100, 100, 6),
                of(2, 1, 100, 100, 6),
                of(3, 2, 10, 10, 2)));
    }

    @Test
    void equalSubmitTimesAreServedInJobIdOrder() {
        // Three 6-node jobs of 100 s all submitted at 0, handed over in the order 3, 2, 1. Only
        // one fits at a time, so the queue order (submit, job id) alone decides: 1 at 0,
        // 2 at 100, 3 at 200.
        assertEquals(Map.of(1L, 0L, 2L, 100L, 3L, 200L), starts(
                of(3, 0, 100, 100, 6),
                of(2, 0, 100, 100, 6),
                of(1, 0, 100, 100, 6)));
    }

    @Test
    void jobsStartedInOnePassAreStartedInQueueOrder() {
        // Jobs 3, 1 and 2 (4, 2 and 3 nodes) all arrive at 0, handed over in that order; all fit
        // together (9 of 10 nodes), and the pass starts them in queue order: 1, 2, 3.
        ScheduleRecorder r = ScheduleRecorder.run(new Fcfs(), 10,
                of(3, 0, 100, 100, 4),
                of(1, 0, 100, 100, 2),
                of(2, 0, 100, 100, 3));
        List<Long> startOrder = r.events().stream()
                .filter(e -> e instanceof JobStarted).map(e -> e.jobId()).toList();
        assertEquals(List.of(1L, 2L, 3L), startOrder);
        assertEquals(Map.of(1L, 0L, 2L, 0L, 3L, 0L), r.starts());
    }
}

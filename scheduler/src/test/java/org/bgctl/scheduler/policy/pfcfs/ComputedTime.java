package org.bgctl.scheduler.policy.pfcfs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;

/**
 * The time each job computed, from a run's events: from its start (after the boot delay) or its resumption
 * (after the penalty) to its suspension or its end. Checks that each job starts once, finishes once while
 * computing, and computed exactly its run time.
 */
final class ComputedTime {

    private final Map<Long, Long> computed = new HashMap<>();
    private final Map<Long, Long> computingSince = new HashMap<>();
    private final Map<Long, Integer> finishes = new HashMap<>();

    void started(JobStarted s) {
        assertTrue(!computed.containsKey(s.jobId()), "job " + s.jobId() + " started twice");
        computed.put(s.jobId(), 0L);
        computingSince.put(s.jobId(), s.time() + s.boot());
    }

    void switched(ContextSwitched cs) {
        for (long j : cs.suspended()) computed.merge(j, cs.time() - computingSince.remove(j), Long::sum);
        for (long j : cs.resumed()) computingSince.put(j, cs.time() + cs.penalty());
    }

    void finished(JobFinished f) {
        finishes.merge(f.jobId(), 1, Integer::sum);
        Long since = computingSince.remove(f.jobId());
        assertTrue(since != null, "job " + f.jobId() + " finished while not computing");
        computed.merge(f.jobId(), f.time() - since, Long::sum);
    }

    /** Every job of {@code jobs} finished once, having computed exactly its run time. */
    void assertExactlyTheirRunTimes(List<Job> jobs) {
        for (Job j : jobs) {
            assertEquals(1, finishes.getOrDefault(j.id(), 0), "finishes of job " + j.id());
            assertEquals(j.runtime(), computed.get(j.id()), "time job " + j.id() + " computed");
        }
    }
}

package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * A stream of jobs in nondecreasing submit order, taken one timestamp at a time.
 */
public final class Arrivals {

    private final Iterator<Job> jobs;
    private Job next;

    public Arrivals(Iterator<Job> jobs) {
        this.jobs = jobs;
        this.next = jobs.hasNext() ? jobs.next() : null;
    }

    /** The submit time of the next arrival, or {@link Long#MAX_VALUE} when none is left. */
    public long nextTime() {
        return next == null ? Long.MAX_VALUE : next.submit();
    }

    /** All jobs submitted at {@code t}, in (submit, job id) order; none may be left from before t. */
    public List<Job> takeAt(long t) {
        // most instants are only ends: no list for them
        if (next == null || next.submit() > t) return List.of();
        Job first = take(t);
        // most arrive alone: no list to grow, and no sort, which for one job would still cost the JIT a compilation
        if (next == null || next.submit() > t) return List.of(first);
        List<Job> batch = new ArrayList<>();
        batch.add(first);
        Job last = first;
        boolean byId = true;
        while (next != null && next.submit() <= t) {
            Job job = take(t);
            byId &= job.id() > last.id();
            batch.add(job);
            last = job;
        }
        // all were submitted at t, so (submit, job id) order is id order, in which a trace usually lists them: then
        // there is no sort, nor its compilation into this method
        if (!byId) batch.sort(Job.QUEUE_ORDER);
        return batch;
    }

    /** The next job, submitted at {@code t}, and moves on. */
    private Job take(long t) {
        Job job = next;
        if (job.submit() < t)
            throw new IllegalStateException("job " + job.id() + " submitted at " + job.submit()
                    + " comes after time " + t + ": arrivals must come in submit order");
        next = jobs.hasNext() ? jobs.next() : null;
        return job;
    }
}

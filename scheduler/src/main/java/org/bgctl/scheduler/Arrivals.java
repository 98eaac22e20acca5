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
        List<Job> batch = new ArrayList<>();
        while (next != null && next.submit() <= t) {
            if (next.submit() < t)
                throw new IllegalStateException("job " + next.id() + " submitted at " + next.submit()
                        + " comes after time " + t + ": arrivals must come in submit order");
            batch.add(next);
            next = jobs.hasNext() ? jobs.next() : null;
        }
        // most arrive alone; a sort of one job still costs the JIT a compilation of the whole sort
        if (batch.size() > 1) batch.sort(Job.QUEUE_ORDER);
        return batch;
    }
}

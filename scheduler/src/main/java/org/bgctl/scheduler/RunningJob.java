package org.bgctl.scheduler;

import org.bgctl.machine.Allocation;

/**
 * A job that holds its partition.
 *
 * @param job        the job
 * @param start      when it started
 * @param allocation what it holds
 */
public record RunningJob(Job job, long start, Allocation allocation) {

    /** When the scheduler believes it will end: start + estimate. */
    public long estimatedEnd() {
        return start + job.estimate();
    }

    /** When it really ends: start + run time. */
    public long end() {
        return start + job.runtime();
    }

    public long id() {
        return job.id();
    }
}

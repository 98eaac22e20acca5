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

    /** When the scheduler believes it will end: start + estimate (on this allocation). */
    public long estimatedEnd() {
        return start + job.estimateOn(allocation);
    }

    /** When it really ends: start + run time (on this allocation). */
    public long end() {
        return start + job.runtimeOn(allocation);
    }

    public long id() {
        return job.id();
    }
}

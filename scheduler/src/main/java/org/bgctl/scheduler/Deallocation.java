package org.bgctl.scheduler;

import java.util.Comparator;
import org.bgctl.machine.Allocation;

/**
 * The block of a finished job while it is freed (docs/blocks.md): it holds its allocation until {@code until}.
 *
 * @param jobId      the job that finished on it
 * @param allocation what it holds
 * @param until      when it is free
 */
public record Deallocation(long jobId, Allocation allocation, long until) {

    /** By (until, job id): the order in which blocks are freed. */
    public static final Comparator<Deallocation> UNTIL_ORDER =
            Comparator.comparingLong(Deallocation::until).thenComparingLong(Deallocation::jobId);

    /**
     * The block as the policies see it among the running jobs: a job of no run time that holds the allocation and
     * ends, by estimate and in fact, when the block is free.
     */
    RunningJob asRunning() {
        return new RunningJob(Job.of(jobId, 0, 0, 0, allocation.nodes()), until, allocation, 0);
    }
}

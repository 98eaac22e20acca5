package org.bgctl.scheduler;

import org.bgctl.machine.Allocation;

/**
 * One running job's part in a migration.
 *
 * @param jobId the job
 * @param from  the partition it holds now
 * @param to    the partition it moves to
 * @param cost  seconds the checkpoint and restart add to its run
 */
public record Move(long jobId, Allocation from, Allocation to, long cost) {

    public Move {
        if (cost < 0) throw new IllegalArgumentException("job " + jobId + ": a migration cost must not be negative, was " + cost);
    }
}

package org.bgctl.scheduler;

import java.util.Set;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;

/**
 * A booted block whose job finished, kept ready for reuse (docs/blocks.md): it holds nothing the policies see, and a
 * job given exactly this block starts on it without a boot.
 *
 * @param jobId      the job that last ran on it
 * @param allocation its midplanes, switch ports and cables
 */
public record ReadyBlock(long jobId, Allocation allocation) {

    /** Whether {@code other} is this block: the same partition, holding the same claims. */
    public boolean is(Allocation other) {
        return allocation.partition().equals(other.partition())
                && Set.copyOf(allocation.claims()).equals(Set.copyOf(other.claims()));
    }

    /** Whether {@code other} takes part of this block. */
    public boolean overlaps(Allocation other) {
        for (Claim mine : allocation.claims())
            for (Claim theirs : other.claims()) if (mine.overlaps(theirs)) return true;
        return false;
    }

    /** The block as a job holding it, to find which blocks a failed component strikes. */
    RunningJob asRunning() {
        return new RunningJob(Job.of(jobId, 0, 0, 0, allocation.nodes()), 0, allocation, 0);
    }
}

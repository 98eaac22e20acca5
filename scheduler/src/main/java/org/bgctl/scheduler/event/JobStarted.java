package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.bgctl.machine.Allocation;

/**
 * A job was allocated its partition (both phases granted): the schedule event. It starts running
 * {@code boot} seconds later (the boot delay, or its block's boot), so it ends at {@code time + boot + run time}.
 *
 * @param bootFailure the midplane whose boot will fail at the boot's end (a {@link BootFailed} then), or null when
 *                    the block boots
 * @param free        seconds the block is held once the job finished, before a {@link BlockFreed} frees it; 0: freed
 *                    as the job finishes
 * @param reused      the job starts on a ready block, exactly its allocation, without a boot (docs/blocks.md)
 * @param staysReady  once the job finished its block stays ready for reuse, until reused or freed ({@link BlockFreed})
 */
public record JobStarted(long jobId, long time, Allocation allocation, long boot, String bootFailure, long free,
                         boolean reused, boolean staysReady)
        implements JobEvent {

    @JsonCreator
    public JobStarted {
    }

    /** A job whose block is not reused and is freed once it finished. */
    public JobStarted(long jobId, long time, Allocation allocation, long boot, String bootFailure, long free) {
        this(jobId, time, allocation, boot, bootFailure, free, false, false);
    }

    /** A job whose partition boots for {@code boot} seconds, then runs. */
    public JobStarted(long jobId, long time, Allocation allocation, long boot) {
        this(jobId, time, allocation, boot, null, 0);
    }

    /** A job that runs from the instant it is allocated. */
    public JobStarted(long jobId, long time, Allocation allocation) {
        this(jobId, time, allocation, 0);
    }
}

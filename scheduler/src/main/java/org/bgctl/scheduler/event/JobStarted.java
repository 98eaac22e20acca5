package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.bgctl.machine.Allocation;

/**
 * A job was allocated its partition (both phases granted): the schedule event. It starts running
 * {@code boot} seconds later (the boot delay), so it ends at {@code time + boot + run time}.
 */
public record JobStarted(long jobId, long time, Allocation allocation, long boot) implements SchedulerEvent {

    @JsonCreator
    public JobStarted {
    }

    /** A job that runs from the instant it is allocated. */
    public JobStarted(long jobId, long time, Allocation allocation) {
        this(jobId, time, allocation, 0);
    }
}

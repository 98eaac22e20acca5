package org.bgctl.scheduler.event;

import org.bgctl.machine.Allocation;

/** A job was allocated its partition (both phases granted) and started. */
public record JobStarted(long jobId, long time, Allocation allocation) implements JobEvent {
}

package org.bgctl.scheduler.event;

import org.bgctl.machine.Allocation;

/**
 * A checkpointed job restarted on {@code allocation}; the migration cost {@code cost} (seconds)
 * is added to its run, so it ends that much later.
 */
public record JobMigrated(long jobId, long time, Allocation allocation, long cost) implements SchedulerEvent {
}

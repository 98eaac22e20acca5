package org.bgctl.scheduler.event;

/**
 * An operator cancelled a job: a queued job leaves the queue, a running one is stopped and gives its
 * partition back.
 */
public record JobCancelled(long jobId, long time) implements JobEvent {
}

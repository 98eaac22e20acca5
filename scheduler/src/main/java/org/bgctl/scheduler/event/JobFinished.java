package org.bgctl.scheduler.event;

/** A job ended and gave its partition back. */
public record JobFinished(long jobId, long time) implements JobEvent {
}

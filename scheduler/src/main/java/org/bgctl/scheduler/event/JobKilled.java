package org.bgctl.scheduler.event;

/**
 * A running job was killed because a component it held failed; it gave its partition back.
 *
 * @param component the failed component
 */
public record JobKilled(long jobId, long time, String component) implements JobEvent {
}

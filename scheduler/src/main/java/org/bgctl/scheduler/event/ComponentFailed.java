package org.bgctl.scheduler.event;

/**
 * A component went down: no new allocation may use it. Jobs that held it were killed just before
 * (see {@link JobKilled}).
 */
public record ComponentFailed(String component, long time) implements ComponentEvent {
}

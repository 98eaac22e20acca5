package org.bgctl.scheduler.event;

/**
 * A running job was checkpointed for a migration and left its partition. In the journal it is always
 * followed, in the same entry, by the {@link JobMigrated} that restarts it on its new partition.
 */
public record JobCheckpointed(long jobId, long time) implements SchedulerEvent {
}

package org.bgctl.scheduler.event;

/**
 * The boot of a job's block failed at its end (the boot model's draw, docs/blocks.md): the block went to error
 * and gave its midplanes back, and the job never ran. A {@link JobRequeued} follows unless the kill policy or
 * the most requeues say the job fails.
 *
 * @param midplane the midplane whose boot failed
 */
public record BootFailed(long jobId, long time, String midplane) implements JobEvent {
}

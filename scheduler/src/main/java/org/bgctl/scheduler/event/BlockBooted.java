package org.bgctl.scheduler.event;

/**
 * The block of a job booted (docs/blocks.md): it is ready and the job runs from now. Recorded only when blocks
 * boot ({@code --boot-model machine}); a boot that fails ends in {@link BootFailed} instead.
 */
public record BlockBooted(long jobId, long time) implements JobEvent {
}

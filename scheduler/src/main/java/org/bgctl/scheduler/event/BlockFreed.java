package org.bgctl.scheduler.event;

/**
 * The block of a finished job was freed (deallocated) after the machine's free time (docs/blocks.md): its
 * midplanes, switch ports and cables are free from now. Recorded only when blocks take time to be freed.
 */
public record BlockFreed(long jobId, long time) implements JobEvent {
}

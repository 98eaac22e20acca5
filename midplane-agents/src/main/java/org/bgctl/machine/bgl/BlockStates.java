package org.bgctl.machine.bgl;

import java.util.SortedMap;
import java.util.TreeMap;
import org.bgctl.machine.Allocation;

/**
 * The states of the blocks a {@link MidplaneMap} draws beside the running jobs (docs/blocks.md).
 *
 * @param booting    running job id to when its block's boot ends
 * @param freeing    finished job id to the allocation its block holds while it is freed
 * @param freedAt    finished job id to when its block is free
 * @param ready      finished job id to the allocation of its booted block, kept ready for reuse
 * @param bootErrors midplane id to when its last boot failed (free since)
 */
public record BlockStates(SortedMap<Long, Long> booting, SortedMap<Long, Allocation> freeing,
                          SortedMap<Long, Long> freedAt, SortedMap<Long, Allocation> ready,
                          SortedMap<String, Long> bootErrors) {

    /** No block boots, is freed, is ready or failed. */
    public static final BlockStates NONE = new BlockStates(new TreeMap<>(), new TreeMap<>(), new TreeMap<>(),
            new TreeMap<>(), new TreeMap<>());

    /** Whether there is anything to say. */
    public boolean any() {
        return !booting.isEmpty() || !freeing.isEmpty() || !ready.isEmpty() || !bootErrors.isEmpty();
    }
}

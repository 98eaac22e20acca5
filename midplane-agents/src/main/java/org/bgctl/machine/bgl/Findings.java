package org.bgctl.machine.bgl;

import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.bgctl.machine.Allocation;

/**
 * What a {@link BglMachineModel} found for each partition request in its current state, over what still holds
 * of the findings of its earlier states: that no box spanning none of some lines has room. An allocation keeps
 * that as it was (a fuller machine has no more room); a release adds the released partitions' lines
 * ({@link Lines}). Earlier states' findings are read when first asked for, so a change costs little; after
 * {@value #DEPTH} changes only what the last state knew is carried over, and older findings that were not asked
 * for since are forgotten. Shared by copies of a machine while neither changes; not thread-safe.
 */
final class Findings {
    /** How many earlier states' findings are kept. */
    private static final int DEPTH = 8;

    /** By request, what is known in this state. Lookups by key only, or carried over into a later state's. */
    private final Map<PartitionRequest, Known> here;
    /** The findings of the state before the last change, or null when nothing of them holds. */
    private final Findings earlier;
    /** The lines released between the earlier state and this one. */
    private final Lines freed;
    private final int depth;

    /**
     * What is known of a request.
     *
     * @param found         the allocation, or empty when there is no room; null when not searched in this state
     * @param noRoomOutside lines such that no box spanning none of them fits (none: no box fits); null when
     *                      not known
     */
    record Known(Optional<Allocation> found, Lines noRoomOutside) {
    }

    private Findings(Map<PartitionRequest, Known> here, Findings earlier, Lines freed, int depth) {
        this.here = here;
        this.earlier = earlier;
        this.freed = freed;
        this.depth = depth;
    }

    /** Nothing known. */
    static Findings none(Lines noLines) {
        return new Findings(new HashMap<>(), null, noLines, 0);
    }

    /** What is known of {@code request} in this state, or null when nothing is. */
    Known get(PartitionRequest request) {
        Known known = here.get(request);
        if (known != null || earlier == null) return known;
        for (Findings f = earlier; f != null; f = f.earlier) {
            Known before = f.here.get(request);
            if (before != null && before.noRoomOutside() != null) {
                // The lines released since, joined only when a finding is carried over rather than at every state passed.
                Lines released = freed;
                for (Findings between = earlier; between != f; between = between.earlier)
                    released = released.or(between.freed);
                known = new Known(null, before.noRoomOutside().or(released));
                here.put(request, known);
                return known;
            }
        }
        return null;
    }

    void put(PartitionRequest request, Known known) {
        here.put(request, known);
    }

    /** What holds after a change that released the lines {@code released} (none for an allocation). */
    Findings after(Lines released) {
        if (depth < DEPTH) return new Findings(new HashMap<>(), this, released, depth + 1);
        Map<PartitionRequest, Known> carried = new HashMap<>();
        // A loop rather than forEach: C1 code makes a capturing lambda through method handles.
        for (Map.Entry<PartitionRequest, Known> e : here.entrySet()) {
            Lines noRoom = e.getValue().noRoomOutside();
            if (noRoom != null) carried.put(e.getKey(), new Known(null, noRoom.or(released)));
        }
        return new Findings(carried, null, released, 0);
    }
}

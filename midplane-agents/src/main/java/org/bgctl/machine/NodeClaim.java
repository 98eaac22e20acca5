package org.bgctl.machine;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.List;

/**
 * Nodes of one allocation unit (node set, midplane, supernode): phase one. A unit whose
 * allocator tracks node positions (a buddy line, a Paragon node set) is told which nodes, as
 * blocks; a unit of interchangeable nodes only counts them.
 *
 * @param unit       the unit's entity id, e.g. {@code ns-0}
 * @param nodes      nodes taken from that unit
 * @param blocks     which nodes, as disjoint blocks of the unit's grid; empty when only the count matters
 * @param contiguous whether the nodes were placed as one contiguous block (a buddy, a single M2DB
 *                   block), where communication-intensive jobs run faster
 */
public record NodeClaim(String unit, int nodes, List<Block> blocks, boolean contiguous) implements Claim {

    @JsonCreator
    public NodeClaim {
        blocks = blocks == null ? List.of() : List.copyOf(blocks);
        if (!blocks.isEmpty()) {
            int inBlocks = 0;
            for (Block b : blocks) inBlocks += b.nodes();
            if (inBlocks != nodes)
                throw new IllegalArgumentException("claim on " + unit + ": " + nodes + " nodes but blocks of "
                        + inBlocks + ": " + blocks);
            if (contiguous && blocks.size() != 1)
                throw new IllegalArgumentException("claim on " + unit + ": a contiguous claim is one block, not "
                        + blocks);
        }
    }

    /** {@code nodes} interchangeable nodes of {@code unit}. */
    public NodeClaim(String unit, int nodes) {
        this(unit, nodes, List.of(), false);
    }

    @Override
    public int phase() {
        return 1;
    }

    @Override
    public boolean overlaps(Claim other) {
        return other instanceof NodeClaim n && n.unit.equals(unit);
    }
}

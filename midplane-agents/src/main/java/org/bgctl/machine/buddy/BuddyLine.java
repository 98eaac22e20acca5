package org.bgctl.machine.buddy;

import java.util.Arrays;
import java.util.Optional;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeAllocator;
import org.bgctl.machine.NodeClaim;

/**
 * Which nodes of a buddy line are held: the allocator of a buddy machine's node set. A claim is
 * a list of runs of nodes; a contiguous claim must be exactly one buddy of the tree. The tree
 * itself never changes, so releasing everything leaves the line as it started.
 */
public final class BuddyLine implements NodeAllocator {

    private final BuddyTree tree;
    private final boolean[] held;
    private int free;

    /** A line of the tree's nodes, all free. */
    public BuddyLine(BuddyTree tree) {
        this.tree = tree;
        this.held = new boolean[tree.nodes()];
        this.free = tree.nodes();
    }

    private BuddyLine(BuddyLine other) {
        this.tree = other.tree;
        this.held = other.held.clone();
        this.free = other.free;
    }

    /** An independent copy. */
    public BuddyLine copy() {
        return new BuddyLine(this);
    }

    public BuddyTree tree() {
        return tree;
    }

    @Override public int capacity() { return held.length; }
    @Override public int freeNodes() { return free; }

    /** Whether {@code node} is held. */
    public boolean held(int node) {
        return held[node];
    }

    @Override
    public Optional<String> conflict(NodeClaim claim) {
        if (claim.blocks().isEmpty())
            return Optional.of("a buddy line needs to be told which nodes, not only how many");
        for (Block b : claim.blocks()) {
            if (b.y() != 0 || b.height() != 1 || b.xEnd() > held.length)
                return Optional.of("block " + b + " is not a run of nodes 0-" + (held.length - 1));
            for (int i = b.x(); i < b.xEnd(); i++) {
                if (held[i]) return Optional.of("node " + i + " is held");
            }
        }
        if (claim.contiguous()) {
            Block b = claim.blocks().get(0);
            if (tree.find(b.x(), b.width()) < 0) return Optional.of("block " + b + " is not a buddy");
        }
        return Optional.empty();
    }

    @Override
    public void take(NodeClaim claim) {
        conflict(claim).ifPresent(reason -> {
            throw new IllegalStateException("cannot take " + claim.blocks() + ": " + reason);
        });
        mark(claim, true);
    }

    @Override
    public void give(NodeClaim claim) {
        for (Block b : claim.blocks()) {
            for (int i = b.x(); i < b.xEnd(); i++) {
                if (i >= held.length || !held[i])
                    throw new IllegalStateException("cannot give back " + claim.blocks() + ": node " + i
                            + " is not held");
            }
        }
        mark(claim, false);
    }

    private void mark(NodeClaim claim, boolean take) {
        for (Block b : claim.blocks()) Arrays.fill(held, b.x(), b.xEnd(), take);
        free += take ? -claim.nodes() : claim.nodes();
    }

    /** The {@code count} lowest-numbered free nodes, or null when fewer are free. */
    public int[] lowestFree(int count) {
        if (count > free) return null;
        int[] nodes = new int[count];
        int n = 0;
        for (int i = 0; n < count; i++) if (!held[i]) nodes[n++] = i;
        return nodes;
    }
}

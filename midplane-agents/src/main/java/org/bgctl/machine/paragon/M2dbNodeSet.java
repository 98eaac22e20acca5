package org.bgctl.machine.paragon;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeAllocator;
import org.bgctl.machine.NodeClaim;

/**
 * One Paragon node set — a rectangle of the mesh — allocated with the Modified 2-D Buddy system
 * (Wan et al., section 2.4). Its blocks form a fixed tree: the node set, broken down by
 * {@link BuddySplit} to single nodes. A job holds whole blocks of the tree; a block is free when
 * none of its nodes is held, and the free blocks are the largest such (buddies whose nodes are all
 * free again are merged), so the state depends only on the blocks held and releasing everything
 * restores the whole node set.
 *
 * <p>{@link #place} follows section 2.4.1: the anchor block is the smallest free block holding the
 * request, broken down until a buddy is exactly the request or, when no buddy of the block holds
 * what is left, its largest buddy; when no free block holds the request, the largest free block.
 * Further blocks are the free blocks closest to the anchor, closeness being the sum over the four
 * corners of the squared distance between the anchor's corner and the block's; a closest block
 * larger than what is left is broken down first. Ties go to the block nearest the upper left
 * corner (row, then column).
 */
public final class M2dbNodeSet implements NodeAllocator {

    /** The blocks of the node set as a tree: index 0 the node set, children after parents. */
    private static final class Tree {
        final List<Block> blocks = new ArrayList<>();
        final List<int[]> children = new ArrayList<>();
        final List<Integer> parent = new ArrayList<>();
        /** Lookup only; never iterated. */
        final Map<Block, Integer> index = new HashMap<>();

        Tree(Block area) {
            add(area, -1);
            for (int b = 0; b < blocks.size(); b++) {
                Block block = blocks.get(b);
                if (block.nodes() == 1) continue;
                List<Block> buddies = BuddySplit.buddies(block);
                int[] ids = new int[buddies.size()];
                for (int k = 0; k < ids.length; k++) ids[k] = add(buddies.get(k), b);
                children.set(b, ids);
            }
        }

        private int add(Block block, int up) {
            int id = blocks.size();
            blocks.add(block);
            children.add(new int[0]);
            parent.add(up);
            index.put(block, id);
            return id;
        }
    }

    private final Tree tree;
    /** Blocks held whole by a job. */
    private final boolean[] taken;
    /** Nodes held inside each block. */
    private final int[] held;
    private int free;

    /** The node set of the mesh rectangle {@code area}, every node free. */
    public M2dbNodeSet(Block area) {
        this.tree = new Tree(area);
        this.taken = new boolean[tree.blocks.size()];
        this.held = new int[tree.blocks.size()];
        this.free = area.nodes();
    }

    private M2dbNodeSet(M2dbNodeSet other) {
        this.tree = other.tree;
        this.taken = other.taken.clone();
        this.held = other.held.clone();
        this.free = other.free;
    }

    /** An independent copy. */
    public M2dbNodeSet copy() {
        return new M2dbNodeSet(this);
    }

    /** The node set's rectangle. */
    public Block area() {
        return tree.blocks.get(0);
    }

    @Override public int capacity() { return area().nodes(); }
    @Override public int freeNodes() { return free; }

    /** The free blocks, largest buddies first found from the node set down, in tree order. */
    public List<Block> freeBlocks() {
        List<Block> blocks = new ArrayList<>();
        for (int b : freeIds()) blocks.add(tree.blocks.get(b));
        return blocks;
    }

    private List<Integer> freeIds() {
        List<Integer> ids = new ArrayList<>();
        collectFree(0, ids);
        return ids;
    }

    private void collectFree(int b, List<Integer> into) {
        if (held[b] == 0) {
            into.add(b);
        } else if (!taken[b]) {
            for (int c : tree.children.get(b)) collectFree(c, into);
        }
    }

    @Override
    public Optional<String> conflict(NodeClaim claim) {
        if (claim.blocks().isEmpty())
            return Optional.of("an M2DB node set needs to be told which blocks, not only how many nodes");
        List<Block> blocks = claim.blocks();
        for (int i = 0; i < blocks.size(); i++) {
            Integer b = tree.index.get(blocks.get(i));
            if (b == null) return Optional.of("block " + blocks.get(i) + " is not a buddy of " + area());
            if (!isFree(b)) return Optional.of("block " + blocks.get(i) + " is held");
            for (int j = 0; j < i; j++) {
                if (blocks.get(i).overlaps(blocks.get(j)))
                    return Optional.of("blocks " + blocks.get(j) + " and " + blocks.get(i) + " overlap");
            }
        }
        return Optional.empty();
    }

    private boolean isFree(int b) {
        if (held[b] != 0) return false;
        for (int a = tree.parent.get(b); a >= 0; a = tree.parent.get(a)) if (taken[a]) return false;
        return true;
    }

    @Override
    public void take(NodeClaim claim) {
        conflict(claim).ifPresent(reason -> {
            throw new IllegalStateException("cannot take " + claim.blocks() + ": " + reason);
        });
        for (Block block : claim.blocks()) mark(tree.index.get(block), true);
    }

    @Override
    public void give(NodeClaim claim) {
        for (Block block : claim.blocks()) {
            Integer b = tree.index.get(block);
            if (b == null || !taken[b])
                throw new IllegalStateException("cannot give back " + block + ": it is not held");
        }
        for (Block block : claim.blocks()) mark(tree.index.get(block), false);
    }

    private void mark(int b, boolean take) {
        taken[b] = take;
        int nodes = tree.blocks.get(b).nodes();
        for (int a = b; a >= 0; a = tree.parent.get(a)) held[a] += take ? nodes : -nodes;
        free += take ? -nodes : nodes;
    }

    /**
     * The blocks M2DB gives a request of {@code nodes} nodes, or null when fewer are free. Nothing
     * is taken: the caller takes the blocks with a claim.
     */
    public List<Block> place(int nodes) {
        if (nodes < 1 || nodes > free) return null;
        List<Integer> pool = freeIds();
        List<Block> chosen = new ArrayList<>();
        int anchor = smallestHolding(pool, nodes);
        if (anchor < 0) {
            anchor = largest(pool);
        } else {
            while (size(anchor) > nodes) {
                int[] buddies = split(pool, anchor);
                int next = smallestHolding(ids(buddies), nodes);
                anchor = next >= 0 ? next : largest(ids(buddies));
                if (next < 0) break;
            }
        }
        int remaining = take(pool, chosen, anchor, nodes);
        while (remaining > 0) {
            int closest = closest(pool, tree.blocks.get(anchor));
            if (size(closest) > remaining) split(pool, closest);
            else remaining = take(pool, chosen, closest, remaining);
        }
        return chosen;
    }

    private int take(List<Integer> pool, List<Block> chosen, int b, int remaining) {
        pool.remove(Integer.valueOf(b));
        chosen.add(tree.blocks.get(b));
        return remaining - size(b);
    }

    /** Replaces {@code b} by its buddies in the pool; returns them. */
    private int[] split(List<Integer> pool, int b) {
        pool.remove(Integer.valueOf(b));
        int[] buddies = tree.children.get(b);
        for (int c : buddies) pool.add(c);
        return buddies;
    }

    private int size(int b) {
        return tree.blocks.get(b).nodes();
    }

    private static List<Integer> ids(int[] ids) {
        List<Integer> list = new ArrayList<>(ids.length);
        for (int id : ids) list.add(id);
        return list;
    }

    /** The smallest block of at least {@code nodes} nodes, or −1. */
    private int smallestHolding(List<Integer> blocks, int nodes) {
        int best = -1;
        for (int b : blocks) {
            if (size(b) < nodes) continue;
            if (best < 0 || size(b) < size(best) || size(b) == size(best) && upperLeft(b, best)) best = b;
        }
        return best;
    }

    private int largest(List<Integer> blocks) {
        int best = -1;
        for (int b : blocks) {
            if (best < 0 || size(b) > size(best) || size(b) == size(best) && upperLeft(b, best)) best = b;
        }
        return best;
    }

    private int closest(List<Integer> blocks, Block anchor) {
        int best = -1;
        long bestDistance = Long.MAX_VALUE;
        for (int b : blocks) {
            long d = cornerDistance(anchor, tree.blocks.get(b));
            if (best < 0 || d < bestDistance || d == bestDistance && upperLeft(b, best)) {
                best = b;
                bestDistance = d;
            }
        }
        return best;
    }

    /** Whether block {@code a} lies nearer the upper left corner than {@code b}: row first, then column. */
    private boolean upperLeft(int a, int b) {
        Block p = tree.blocks.get(a);
        Block q = tree.blocks.get(b);
        return p.y() != q.y() ? p.y() < q.y() : p.x() < q.x();
    }

    /**
     * Section 2.4.1's closeness: the sum, over the upper left, upper right, lower left and lower
     * right corners, of the squared distance between the two blocks' corners.
     */
    static long cornerDistance(Block a, Block b) {
        long left = sq(a.x() - b.x());
        long right = sq(a.xEnd() - b.xEnd());
        long top = sq(a.y() - b.y());
        long bottom = sq(a.yEnd() - b.yEnd());
        return (left + top) + (right + top) + (left + bottom) + (right + bottom);
    }

    private static long sq(long v) {
        return v * v;
    }
}

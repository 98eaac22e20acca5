package org.bgctl.machine.buddy;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Block;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;

/**
 * {@code buddy:N}: N nodes in a line, held by one node set ({@code ns-0}), with a binary buddy
 * tree over them (Subramani et al.). A job gets either one buddy — a contiguous block, on which a
 * communication-intensive job runs faster — or any free nodes from the free list, lowest numbers
 * first. Which one is the scheduler's choice ({@code free-list}, {@code buddy},
 * {@code selective-buddy}); {@link #place} itself uses the free list.
 */
public final class BuddyMachine implements MachineModel {

    /** Entity id of the node set that holds the machine's nodes. */
    public static final String NODE_SET = "ns-0";

    /** Prefix of {@code --machine} names. */
    public static final String PREFIX = "buddy:";

    private final BuddyLine line;

    /**
     * The machine {@code buddy:N}.
     *
     * @throws IllegalArgumentException naming the spec when N is not a positive whole number
     */
    public static BuddyMachine named(String spec) {
        if (spec.contains(",")) throw new IllegalArgumentException("machine '" + spec + "': buddy machines take no options");
        String n = spec.substring(PREFIX.length());
        try {
            int nodes = Integer.parseInt(n);
            if (nodes > 0) return new BuddyMachine(MachineCatalog.requireAtMostMaxNodes(spec, nodes));
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("machine '" + spec + "': the node count '" + n
                + "' must be a whole number from 1 to " + MachineCatalog.MAX_NODE_COUNT + ", as in " + PREFIX + "430");
    }

    public BuddyMachine(int nodes) {
        this.line = new BuddyLine(new BuddyTree(nodes));
    }

    private BuddyMachine(BuddyLine line) {
        this.line = line;
    }

    @Override public String name() { return PREFIX + line.capacity(); }
    @Override public int capacity() { return line.capacity(); }
    @Override public int freeNodes() { return line.freeNodes(); }
    @Override public boolean interchangeable() { return false; }

    @Override
    public Set<MachineCapability> capabilities() {
        return Set.of(MachineCapability.BUDDY_TREE);
    }
    @Override public List<String> units() { return List.of(NODE_SET); }

    @Override
    public int nodesOf(String unit) {
        if (!NODE_SET.equals(unit)) throw new IllegalArgumentException(name() + " has no unit '" + unit + "'");
        return line.capacity();
    }

    /** The buddy tree. */
    public BuddyTree tree() {
        return line.tree();
    }

    /** Whether {@code node} is held by a job. */
    public boolean held(int node) {
        return line.held(node);
    }

    /** A fresh allocator for the node set's agent: the same line, every node free. */
    public BuddyLine newLine() {
        return new BuddyLine(line.tree());
    }

    /** Free-list placement: the lowest-numbered free nodes. */
    @Override
    public Allocation place(Demand demand) {
        int[] nodes = line.lowestFree(demand.nodes());
        return nodes == null ? null : listed(nodes);
    }

    /** The allocation of one whole buddy, contiguous; named {@code buddy:first-last}. */
    public Allocation buddy(int buddy) {
        BuddyTree tree = line.tree();
        Block block = Block.run(tree.first(buddy), tree.size(buddy));
        return new Allocation("buddy:" + block, List.of(new NodeClaim(NODE_SET, block.nodes(), List.of(block), true)));
    }

    /**
     * The allocation of the given nodes from the free list, not contiguous whatever their numbers;
     * named {@code list:} and the runs, e.g. {@code list:0-3,8-15}.
     *
     * @param nodes node numbers in increasing order
     */
    public static Allocation listed(int[] nodes) {
        List<Block> runs = new ArrayList<>();
        int i = 0;
        while (i < nodes.length) {
            int j = i + 1;
            while (j < nodes.length && nodes[j] == nodes[j - 1] + 1) j++;
            runs.add(Block.run(nodes[i], j - i));
            i = j;
        }
        StringBuilder name = new StringBuilder("list:");
        for (int k = 0; k < runs.size(); k++) name.append(k == 0 ? "" : ",").append(runs.get(k));
        return new Allocation(name.toString(), List.of(new NodeClaim(NODE_SET, nodes.length, runs, false)));
    }

    @Override
    public boolean isFree(Allocation allocation) {
        for (Claim c : allocation.claims()) {
            if (!(c instanceof NodeClaim nc) || !NODE_SET.equals(nc.unit()) || line.conflict(nc).isPresent())
                return false;
        }
        return true;
    }

    @Override
    public void allocate(Allocation allocation) {
        for (Claim c : allocation.claims()) line.take(claim(c));
    }

    @Override
    public void release(Allocation allocation) {
        for (Claim c : allocation.claims()) line.give(claim(c));
    }

    private NodeClaim claim(Claim c) {
        if (c instanceof NodeClaim nc && NODE_SET.equals(nc.unit())) return nc;
        throw new IllegalStateException(name() + " holds nodes of " + NODE_SET + " only, not " + c);
    }

    @Override
    public BuddyMachine copy() {
        return new BuddyMachine(line.copy());
    }
}

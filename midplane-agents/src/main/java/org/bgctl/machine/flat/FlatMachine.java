package org.bgctl.machine.flat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;

/**
 * {@code flat:N}: N interchangeable nodes held by a single node set ({@code ns-0}), as on an
 * SP2 or a Cplant free list. Only node counts matter; a demand's geometry is ignored.
 *
 * <p>Its components that can fail are its nodes, {@code node-0} to {@code node-<N-1>}. A node that
 * is down is neither free nor allocated. Allocations are node counts and do not say which nodes a job
 * holds; {@link #upRank} gives a node's place among the nodes that are up, from which the scheduler
 * works out whose job a failing node belongs to.
 */
public final class FlatMachine implements MachineModel {

    /** Entity id of the node set that holds the machine's nodes. */
    public static final String NODE_SET = "ns-0";

    private static final String NODE = "node-";

    private final int capacity;
    private final Allocation[] allocations;
    private int free;
    /** The nodes that are down; never changed in place, so copies share it. */
    private SortedSet<String> down = Collections.emptySortedSet();

    public FlatMachine(int capacity) {
        if (capacity <= 0) throw new IllegalArgumentException("flat machine needs at least one node, was " + capacity);
        this.capacity = capacity;
        this.allocations = new Allocation[capacity + 1];
        this.free = capacity;
    }

    private FlatMachine(FlatMachine other) {
        this.capacity = other.capacity;
        this.allocations = other.allocations;
        this.free = other.free;
        this.down = other.down;
    }

    @Override public String name() { return "flat:" + capacity; }
    @Override public int capacity() { return capacity; }
    @Override public int freeNodes() { return free; }
    @Override public boolean interchangeable() { return true; }

    @Override
    public Set<MachineCapability> capabilities() {
        return Set.of(MachineCapability.INTERCHANGEABLE_NODES);
    }
    @Override public List<String> units() { return List.of(NODE_SET); }

    @Override
    public int nodesOf(String unit) {
        if (!NODE_SET.equals(unit)) throw new IllegalArgumentException(name() + " has no unit '" + unit + "'");
        return capacity;
    }

    @Override
    public Allocation place(Demand demand) {
        int n = demand.nodes();
        if (n > free) {
            if (n > capacity) throw new IllegalArgumentException(n + " nodes asked, " + name() + " has " + capacity);
            return null;
        }
        Allocation a = allocations[n];
        if (a == null) allocations[n] = a = allocationOf(n);
        return a;
    }

    /** The allocation of {@code nodes} nodes on this machine (wherever they are). */
    public static Allocation allocationOf(int nodes) {
        return new Allocation("", List.of(new NodeClaim(NODE_SET, nodes)));
    }

    @Override
    public boolean isFree(Allocation allocation) {
        return allocation.nodes() <= free;
    }

    @Override
    public Optional<String> conflict(Allocation allocation) {
        int n = allocation.nodes();
        return n <= free ? Optional.empty() : Optional.of(n + " nodes asked, " + free + " free on " + name());
    }

    @Override
    public void allocate(Allocation allocation) {
        int n = allocation.nodes();
        if (n > free) throw new IllegalStateException("cannot take " + n + " nodes, " + free + " free on " + name());
        free -= n;
    }

    @Override
    public void release(Allocation allocation) {
        int n = allocation.nodes();
        if (free + n > capacity - down.size())
            throw new IllegalStateException("releasing " + n + " nodes overfills " + name());
        free += n;
    }

    /** The name of node {@code index}: {@code node-<index>}. */
    public static String node(int index) {
        return NODE + index;
    }

    /**
     * The index of the node {@code component} names.
     *
     * @throws IllegalArgumentException naming the component when this machine has no such node
     */
    public int nodeIndex(String component) {
        if (component.startsWith(NODE) && component.length() > NODE.length()
                && component.substring(NODE.length()).chars().allMatch(Character::isDigit)) {
            String digits = component.substring(NODE.length());
            if (digits.length() <= 9 && (digits.length() == 1 || digits.charAt(0) != '0')) {
                int index = Integer.parseInt(digits);
                if (index < capacity) return index;
            }
        }
        throw new IllegalArgumentException(name() + " has no component '" + component + "'; its components are its nodes "
                + node(0) + " to " + node(capacity - 1));
    }

    /**
     * Where the up node {@code component} stands among the nodes that are up, counted from 0 in index
     * order; -1 when it is down.
     */
    @Override
    public int upRank(String component) {
        int index = nodeIndex(component);
        if (down.contains(component)) return -1;
        int below = 0;
        for (String d : down) if (nodeIndex(d) < index) below++;
        return index - below;
    }

    /** Marks a node down (it must not be allocated: a free node is taken) or up again. */
    @Override
    public void setHealth(String component, boolean up) {
        nodeIndex(component);
        if (up == !down.contains(component)) return;
        TreeSet<String> changed = new TreeSet<>(down);
        if (up) {
            changed.remove(component);
            free++;
        } else {
            if (free < 1) throw new IllegalStateException("cannot take " + component + " down: every up node of "
                    + name() + " is allocated");
            changed.add(component);
            free--;
        }
        down = Collections.unmodifiableSortedSet(changed);
    }

    @Override
    public SortedSet<String> downComponents() {
        return down;
    }

    /** One node of the node set. */
    @Override
    public List<Claim> componentClaims(String component) {
        nodeIndex(component);
        return List.of(new NodeClaim(NODE_SET, 1));
    }

    @Override
    public List<String> components() {
        List<String> nodes = new ArrayList<>(capacity);
        for (int i = 0; i < capacity; i++) nodes.add(node(i));
        return nodes;
    }

    @Override
    public FlatMachine copy() {
        return new FlatMachine(this);
    }
}

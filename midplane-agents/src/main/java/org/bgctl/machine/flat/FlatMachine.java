package org.bgctl.machine.flat;

import java.util.List;
import java.util.Optional;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;

/**
 * {@code flat:N}: N interchangeable nodes held by a single node set ({@code ns-0}), as on an
 * SP2 or a Cplant free list. Only node counts matter; a demand's geometry is ignored.
 */
public final class FlatMachine implements MachineModel {

    /** Entity id of the node set that holds the machine's nodes. */
    public static final String NODE_SET = "ns-0";

    private final int capacity;
    private final Allocation[] allocations;
    private int free;

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
    }

    @Override public String name() { return "flat:" + capacity; }
    @Override public int capacity() { return capacity; }
    @Override public int freeNodes() { return free; }
    @Override public boolean interchangeable() { return true; }
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
        if (free + n > capacity) throw new IllegalStateException("releasing " + n + " nodes overfills " + name());
        free += n;
    }

    @Override
    public FlatMachine copy() {
        return new FlatMachine(this);
    }
}

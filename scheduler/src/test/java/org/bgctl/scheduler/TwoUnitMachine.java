package org.bgctl.scheduler;

import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;

/**
 * Test machine: two units, {@code u-a} and {@code u-b}, of {@code perUnit} nodes each; every job
 * takes half its nodes (an even number) from each, so every allocation needs both units' consent.
 */
final class TwoUnitMachine implements MachineModel {

    static final String A = "u-a";
    static final String B = "u-b";

    private final int perUnit;
    private int freePerUnit;

    TwoUnitMachine(int perUnit) {
        this.perUnit = perUnit;
        this.freePerUnit = perUnit;
    }

    @Override public String name() { return "two-units:" + perUnit; }
    @Override public int capacity() { return 2 * perUnit; }
    @Override public int freeNodes() { return 2 * freePerUnit; }
    @Override public boolean interchangeable() { return false; }
    @Override public List<String> units() { return List.of(A, B); }

    @Override
    public Allocation place(Demand demand) {
        if (demand.nodes() % 2 != 0) throw new IllegalArgumentException("even sizes only: " + demand);
        int half = demand.nodes() / 2;
        return half <= freePerUnit ? new Allocation("", List.of(new NodeClaim(A, half), new NodeClaim(B, half))) : null;
    }

    @Override
    public boolean isFree(Allocation allocation) {
        return allocation.nodes() / 2 <= freePerUnit;
    }

    @Override
    public void allocate(Allocation allocation) {
        if (!isFree(allocation)) throw new IllegalStateException("not free: " + allocation);
        freePerUnit -= allocation.nodes() / 2;
    }

    @Override
    public void release(Allocation allocation) {
        freePerUnit += allocation.nodes() / 2;
    }

    @Override
    public MachineModel copy() {
        TwoUnitMachine copy = new TwoUnitMachine(perUnit);
        copy.freePerUnit = freePerUnit;
        return copy;
    }
}

package org.bgctl.machine;

import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import org.bgctl.machine.paragon.ParagonSite;

/**
 * A machine's allocation state, read only: what is free, and where a demand would fit. This is what a policy
 * sees ({@code SchedulingView.machine()}); it tries what-ifs on {@link #copy()}s, which are {@link MachineModel}s
 * it may allocate on. Implementations are not thread-safe.
 *
 * <p>Machines with parts that can fail name them by component id (on BG/L a midplane, a switch
 * or a cable); a component that is down is never part of a new allocation.
 */
public interface MachineView {

    /** The machine's name as given to {@code --machine}: {@code MachineCatalog.create(name())} rebuilds it. */
    String name();

    /** Total nodes of the machine. */
    int capacity();

    /** Nodes free now: neither allocated nor down. */
    int freeNodes();

    /** True when every node is interchangeable, so only node counts matter (flat machines). */
    boolean interchangeable();

    /**
     * What this machine offers, as its form in the {@link MachineRegistry} lists it: schedulers and reports ask
     * this rather than the machine's class.
     */
    default Set<MachineCapability> capabilities() {
        return Set.of();
    }

    default boolean has(MachineCapability capability) {
        return capabilities().contains(capability);
    }

    /**
     * On a machine of interchangeable nodes: the place of node {@code component} among the nodes that are up, in
     * index order (0 for the first), or -1 when it is down.
     *
     * @throws UnsupportedOperationException when the nodes are not interchangeable
     * @throws IllegalArgumentException      naming the component when the machine has no such node
     */
    default int upRank(String component) {
        throw new UnsupportedOperationException(name() + " does not rank its nodes");
    }

    /** The NQS site (queues, node groups, hours) of a Paragon machine ({@link MachineCapability#NODE_SETS}); empty elsewhere. */
    default Optional<ParagonSite> nqsSite() {
        return Optional.empty();
    }

    /**
     * Nodes of the smallest piece the machine allocates: 512 (a midplane) on BG/L, 1 on a flat
     * machine. A job's nodes are rounded up to whole pieces.
     */
    default int granularity() {
        return 1;
    }

    /** The grid of allocation units, on machines whose jobs have a geometry; empty on flat machines. */
    default Optional<Shape> grid() {
        return Optional.empty();
    }

    /**
     * Where the demand would be placed now, or null when it does not fit now.
     *
     * @throws IllegalArgumentException when it could never fit, not even on the empty machine
     */
    Allocation place(Demand demand);

    /**
     * Where the demand would be placed now among the placements that are also free on {@code other} — a
     * what-if copy of this machine, such as the machine at some future time — or null when there is none.
     * Where every node is alike this is {@link #place}'s answer if it is free there too.
     */
    default Allocation placeAlsoFreeOn(Demand demand, MachineModel other) {
        Allocation a = place(demand);
        return a != null && other.isFree(a) ? a : null;
    }

    /**
     * Why the demand could never be placed, not even on the empty machine (more nodes than the
     * machine has, a shape that does not fit, a topology its wiring cannot close), or empty when it
     * can be.
     */
    default Optional<String> unplaceable(Demand demand) {
        return demand.nodes() > capacity()
                ? Optional.of(demand.nodes() + " nodes asked, " + name() + " has " + capacity())
                : Optional.empty();
    }

    /** True when every claim of the allocation could be taken now. */
    boolean isFree(Allocation allocation);

    /** The nodes an allocation of this machine holds: {@link Allocation#nodes()}, which a model may know quicker. */
    default int nodesHeldBy(Allocation allocation) {
        return allocation.nodes();
    }

    /** Why the allocation cannot be taken now, or empty when it can. */
    default Optional<String> conflict(Allocation allocation) {
        return isFree(allocation) ? Optional.empty() : Optional.of("not free on " + name());
    }

    /** The entity ids of the agents (allocation units, and switches where there are any), in a fixed order. */
    List<String> units();

    /** Nodes of one unit of {@link #units()}: 0 for a unit that holds no nodes, such as a switch. */
    int nodesOf(String unit);

    /** The components that are down, in id order. */
    default SortedSet<String> downComponents() {
        return Collections.emptySortedSet();
    }

    /**
     * What the failure of {@code component} takes from the agents: the claims it overlaps (a
     * midplane's nodes, all ports of a switch, the two ports a cable joins).
     *
     * @throws IllegalArgumentException naming the component when the machine has no such component
     */
    default List<Claim> componentClaims(String component) {
        throw new IllegalArgumentException(name() + " has no component '" + component + "' that can fail");
    }

    /** Every component that can fail ({@link #componentClaims} knows each), in a fixed order; none by default. */
    default List<String> components() {
        return List.of();
    }

    /** An independent copy for what-if planning. */
    MachineModel copy();

    /**
     * Whether {@link #withholding} is supported: machines whose jobs hold whole units (midplanes, supernodes),
     * where gang scheduling keeps the units of suspended jobs out of new allocations.
     */
    default boolean withholds() {
        return false;
    }

    /**
     * A what-if copy on which no new allocation takes any unit, switch or cable that {@code allocations} hold,
     * whether they are allocated on this machine or not: the parts of suspended jobs, which keep them while
     * another job borrows some of them (gang scheduling).
     *
     * @throws UnsupportedOperationException when {@link #withholds()} is false
     */
    default MachineModel withholding(Collection<Allocation> allocations) {
        throw new UnsupportedOperationException(name() + " cannot withhold the parts of allocations");
    }
}

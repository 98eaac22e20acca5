package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.bgl.Findings.Known;

/**
 * A BG/L machine ({@code bgl}, {@code torus-bgl} or a user's wiring) as a {@link MachineModel}: a
 * {@link BglState} searched with {@link PartitionSearch}.
 *
 * <p>Units and agents ({@link BglIds}): one per midplane ({@code mp-R<x><y><z>}, holding
 * {@code nodes-per-midplane} nodes) and one per switch ({@code sw-<d>-R<x><y><z>}, holding none).
 * A job of n nodes needs {@code m = ceil(n / nodes-per-midplane)} midplanes; its {@link Geometry} gives
 * the box, or else any box of the smallest volume at or above m that boxes of the machine have (on
 * 8x4x4, 11 midplanes take a box of 12), whether it may be rotated, and mesh or torus.
 *
 * <p>An allocation claims, in this order: the nodes of each midplane of the box (x varying fastest),
 * then, in switch-id order, the ports of every switch the partition uses — ports 0 and 1 (the faces of
 * the midplane) of each of its midplanes' three switches, plus both ends of every cable of its link
 * sets in every spanned line; a switch it only passes through gets the ends of those cables. The switch
 * agents hold these ports one by one, or the whole switch, as the machine's {@link SwitchModel} says. Its
 * partition string is the {@link PartitionNames canonical name}, from which the exact partition is
 * rebuilt when an allocation is re-applied.
 */
public final class BglMachineModel implements MachineModel {
    /** Ports 0 and 1 of a switch: the two that join it to its own midplane. */
    public static final int MIDPLANE_PORTS = 0b11;
    /** All six ports of a switch. */
    public static final int ALL_PORTS = 0b111111;

    /** What every copy of one machine shares: the wiring, the search and the caches. */
    private static final class Layout {
        final String name;
        final BglMachine machine;
        final Set<Dimension> denyPassThrough;
        final PartitionSearch search;
        /** The blocks jobs run on, or null when partitions are made to measure (the dynamic layout). */
        final BlockLayout blocks;
        final PartitionNames names;
        final int nodesPerMidplane;
        final List<String> units;
        /** The places of the switches among the switches of {@link #units} ({@link #switchIndex}), by their ids' order. */
        final int[] switchesInIdOrder;
        /** Midplanes, switches, then the cables of each dimension's lines. */
        final List<String> components;
        final Set<String> midplanes = new TreeSet<>();
        final Set<String> switches = new TreeSet<>();
        final BglState empty;
        final Lines noLines;
        /** By midplane count n: the smallest volume at or above n that a box of the machine has. */
        final int[] boxVolume;
        /** Lookups by key only; never iterated. */
        final Map<Partition, Allocation> allocations = new ConcurrentHashMap<>();
        /**
         * The last allocation {@link BglMachineModel#allocationOf} gave in each slot of its name's hash, with its
         * partition: the allocations a scheduler hands back (to allocate, release, test) are mostly these very
         * instances, found here without parsing the name (a lookup by the long name string) or comparing claims.
         * Slots are written without a lock: an entry is immutable, and one missed or overwritten only sends a
         * lookup the long way.
         */
        final Made[] made = new Made[MADE];
        final Map<PartitionRequest, Optional<String>> unplaceable = new ConcurrentHashMap<>();
        /** Components by entity id, as parsed so far; lookups by key only. */
        final Map<String, Component> byId = new ConcurrentHashMap<>();

        Layout(String name, BglMachine machine, Set<Dimension> denyPassThrough, BlockLayout blocks) {
            this.name = name;
            this.blocks = blocks;
            this.machine = machine;
            this.denyPassThrough = denyPassThrough.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(denyPassThrough));
            this.search = new PartitionSearch(machine);
            this.names = new PartitionNames(machine);
            this.nodesPerMidplane = machine.wiring().nodesPerMidplane().volume();
            this.empty = machine.newState();
            this.noLines = Lines.none(machine.shape());
            Shape size = machine.shape();
            this.boxVolume = new int[size.volume() + 1];
            for (int n = size.volume(), v = n; n >= 1; n--) {
                if (!Shapes.ofVolume(n, size).isEmpty()) v = n;
                boxVolume[n] = v;
            }
            List<Coordinate> all = new ArrayList<>();
            for (int z = 0; z < size.z(); z++)
                for (int y = 0; y < size.y(); y++)
                    for (int x = 0; x < size.x(); x++) all.add(new Coordinate(x, y, z));
            List<String> units = new ArrayList<>();
            for (Coordinate c : all) units.add(BglIds.midplane(c));
            midplanes.addAll(units);
            for (Dimension d : Dimension.values()) for (Coordinate c : all) units.add(BglIds.switchOf(d, c));
            switches.addAll(units.subList(all.size(), units.size()));
            this.units = List.copyOf(units);
            this.switchesInIdOrder = new int[units.size() - all.size()];
            List<Integer> bySwitchId = new ArrayList<>();
            for (int i = 0; i < switchesInIdOrder.length; i++) bySwitchId.add(i);
            bySwitchId.sort(Comparator.comparing(this::switchId));
            for (int i = 0; i < switchesInIdOrder.length; i++) switchesInIdOrder[i] = bySwitchId.get(i);
            List<String> parts = new ArrayList<>(units);
            for (Dimension d : Dimension.values())
                for (Coordinate c : all) {
                    if (c.get(d) != 0) continue;
                    Line line = Line.through(d, c);
                    for (Cable cable : machine.wiring().line(d).cables())
                        parts.add(BglIds.cable(d, line.at(cable.from()), cable.outPort()));
                }
            this.components = List.copyOf(parts);
        }

        /** The entity id of the midplane at {@code c}, one of {@link #units}. */
        String midplaneId(Coordinate c) {
            return units.get(unitIndex(c));
        }

        /** Where the {@code d} switch of the midplane at {@code c} is among the switches of {@link #units}. */
        int switchIndex(Dimension d, Coordinate c) {
            return d.ordinal() * machine.shape().volume() + unitIndex(c);
        }

        /** The entity id of switch {@code index} of {@link #units}' switches, as {@link #switchIndex} numbers them. */
        String switchId(int index) {
            return units.get(machine.shape().volume() + index);
        }

        /** Where the midplane at {@code c} is among the midplanes of {@link #units}: x varying fastest, then y. */
        private int unitIndex(Coordinate c) {
            Shape size = machine.shape();
            return c.x() + size.x() * (c.y() + size.y() * c.z());
        }

        /** The component an entity id names, parsed once. */
        Component component(String id) {
            return byId.computeIfAbsent(id, i -> BglIds.component(i, machine));
        }
    }

    /** How many allocations {@link Layout#made} holds; a power of two. */
    private static final int MADE = 1 << 12;

    /** An allocation made by {@link #allocationOf}, and its partition. */
    private record Made(Allocation allocation, Partition partition) {
    }

    private final Layout layout;
    private final BglState state;
    private final TreeSet<String> down;
    /** What {@link #place} found in the current state and what holds of earlier findings. */
    private Findings findings;

    /**
     * A machine with every midplane, switch and cable free and up.
     *
     * @param name            the name {@code MachineCatalog} rebuilds it from, options included
     * @param machine         the wiring and link-set tables
     * @param denyPassThrough dimensions in which no partition may pass through a switch of a midplane
     *                        outside it
     */
    public BglMachineModel(String name, BglMachine machine, Set<Dimension> denyPassThrough) {
        this(name, machine, denyPassThrough, null);
    }

    /**
     * A machine with every midplane, switch and cable free and up whose jobs run only on the blocks of a layout.
     *
     * @param blocks the layout's blocks, of {@code machine}; null for partitions made to measure
     */
    public BglMachineModel(String name, BglMachine machine, Set<Dimension> denyPassThrough, BlockLayout blocks) {
        this(new Layout(name, machine, denyPassThrough, blocks), machine.newState(), new TreeSet<>());
    }

    private BglMachineModel(Layout layout, BglState state, TreeSet<String> down) {
        this(layout, state, down, Findings.none(layout.noLines));
    }

    private BglMachineModel(Layout layout, BglState state, TreeSet<String> down, Findings findings) {
        this.layout = layout;
        this.state = state;
        this.down = down;
        this.findings = findings;
    }

    @Override
    public String name() {
        return layout.name;
    }

    /** The wiring and link-set tables. */
    public BglMachine machine() {
        return layout.machine;
    }

    /** The blocks jobs run on, or empty when partitions are made to measure. */
    public Optional<BlockLayout> blockLayout() {
        return Optional.ofNullable(layout.blocks);
    }

    /** The dimensions in which partitions may not pass through other midplanes' switches. */
    public Set<Dimension> denyPassThrough() {
        return layout.denyPassThrough;
    }

    @Override
    public int capacity() {
        return layout.machine.shape().volume() * layout.nodesPerMidplane;
    }

    @Override
    public int freeNodes() {
        return state.freeMidplanes() * layout.nodesPerMidplane;
    }

    @Override
    public Set<MachineCapability> capabilities() {
        return Set.of(MachineCapability.SHAPES, MachineCapability.SWITCHES, MachineCapability.OPTIONS);
    }

    @Override
    public boolean interchangeable() {
        return false;
    }

    @Override
    public int granularity() {
        return layout.nodesPerMidplane;
    }

    @Override
    public Optional<Shape> grid() {
        return Optional.of(layout.machine.shape());
    }

    @Override
    public Allocation place(Demand demand) {
        PartitionRequest request = request(demand);
        Known known = findings.get(request);
        if (known != null && known.found() != null) return known.found().orElse(null);
        Lines outside = known == null ? null : known.noRoomOutside();
        Optional<Partition> best = layout.blocks != null ? layout.blocks.best(state, request, outside)
                : outside == null ? layout.search.best(state, request) : layout.search.best(state, request, outside);
        // No lambdas on this path: C1 code makes each through method handles.
        if (best.isEmpty()) {
            Optional<String> why = unplaceable(request);
            if (why.isPresent()) throw new IllegalArgumentException(why.get());
        }
        Optional<Allocation> found = best.isEmpty() ? Optional.empty() : Optional.of(allocationOf(best.get()));
        findings.put(request, new Known(found, best.isEmpty() ? layout.noLines : outside));
        return found.orElse(null);
    }

    /**
     * {@inheritDoc} Both machines are searched at once: the best partition whose midplanes, cables and
     * switches are free in both, with the best link sets free in both.
     *
     * @throws IllegalArgumentException when {@code other} is not a copy of this machine
     */
    @Override
    public Allocation placeAlsoFreeOn(Demand demand, MachineModel other) {
        if (!(other instanceof BglMachineModel o) || o.layout != layout)
            throw new IllegalArgumentException(other.name() + " is not a copy of this " + name());
        PartitionRequest request = request(demand);
        if (noRoomFor(request) || o.noRoomFor(request)) return null;
        Optional<Partition> best = layout.blocks != null ? layout.blocks.bestInBoth(state, o.state, request)
                : layout.search.bestInBoth(state, o.state, request);
        return best.isEmpty() ? null : allocationOf(best.get());
    }

    /** Whether {@link #place} found no room for the request in the current state. */
    private boolean noRoomFor(PartitionRequest request) {
        Known known = findings.get(request);
        return known != null && known.noRoomOutside() != null && known.noRoomOutside().isEmpty();
    }

    @Override
    public Optional<String> unplaceable(Demand demand) {
        try {
            return unplaceable(request(demand));
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }

    private Optional<String> unplaceable(PartitionRequest request) {
        Optional<String> known = layout.unplaceable.get(request);
        return known != null ? known : layout.unplaceable.computeIfAbsent(request, this::whyUnplaceable);
    }

    private Optional<String> whyUnplaceable(PartitionRequest request) {
        if (request.shape() != null && layout.search.shapes(request).isEmpty())
            return Optional.of("shape " + request.shape() + " does not fit the " + layout.machine.shape() + " midplanes of "
                    + name() + (request.rotations() ? " in any rotation" : " unrotated"));
        if (layout.blocks != null)
            return layout.blocks.best(layout.empty, request, null).isPresent() ? Optional.empty()
                    : Optional.of(layout.blocks.noneHolds(request));
        if (layout.search.best(layout.empty, request).isPresent()) return Optional.empty();
        return Optional.of("no " + request.topology().name().toLowerCase(Locale.ROOT) + " partition of "
                + (request.shape() != null ? "shape " + request.shape() : request.size() + " midplanes")
                + " can be wired on " + name() + ", not even on the empty machine");
    }

    /** The partition request for a demand: its box (or size in midplanes), rotations and topology. */
    private PartitionRequest request(Demand demand) {
        int midplanes = Shapes.midplanes(demand.nodes(), layout.nodesPerMidplane);
        int volume = layout.machine.shape().volume();
        Geometry g = demand.geometry();
        if (g.shape() == null) {
            if (midplanes > volume)
                throw new IllegalArgumentException("a job of " + demand.nodes() + " nodes needs " + midplanes
                        + " midplanes; " + name() + " has " + volume);
            return new PartitionRequest(layout.boxVolume[midplanes], null, true, g.topology(), layout.denyPassThrough);
        }
        if (g.shape().volume() < midplanes)
            throw new IllegalArgumentException("shape " + g.shape() + " holds " + g.shape().volume()
                    + " midplanes, fewer than the " + midplanes + " that " + demand.nodes() + " nodes need");
        return new PartitionRequest(g.shape().volume(), g.shape(), g.rotations(), g.topology(), layout.denyPassThrough);
    }

    @Override
    public boolean isFree(Allocation allocation) {
        return state.isFree(partition(allocation));
    }

    /** {@inheritDoc} Its partition's midplanes, one node claim each: not summed over the allocation's claims. */
    @Override
    public int nodesHeldBy(Allocation allocation) {
        return partition(allocation).size() * layout.nodesPerMidplane;
    }

    @Override
    public Optional<String> conflict(Allocation allocation) {
        return state.conflict(partition(allocation));
    }

    @Override
    public void allocate(Allocation allocation) {
        Made made = made(allocation);
        Partition p = made != null ? made.partition() : partition(allocation);
        if (made == null) {
            Allocation expected = allocationOf(p);
            if (expected != allocation && !expected.claims().equals(allocation.claims()))
                throw new IllegalArgumentException("allocation " + allocation.partition()
                        + ": its claims are not those of the partition on " + name());
        }
        state.allocateValid(p);
        findings = findings.after(layout.noLines);
    }

    @Override
    public void release(Allocation allocation) {
        releaseAll(List.of(allocation));
    }

    @Override
    public void releaseAll(Collection<Allocation> allocations) {
        List<Partition> partitions = new ArrayList<>(allocations.size());
        for (Allocation a : allocations) partitions.add(partition(a));
        if (partitions.isEmpty()) return;
        Findings before = findings;
        findings = Findings.none(layout.noLines);
        state.releaseAll(partitions);
        findings = before.after(layout.noLines.with(partitions, layout.machine.shape()));
    }

    /**
     * The partition an allocation of this machine names.
     *
     * @throws IllegalArgumentException when its partition string is not a partition of this machine
     */
    public Partition partition(Allocation allocation) {
        Made made = made(allocation);
        return made != null ? made.partition() : layout.names.parse(allocation.partition());
    }

    /**
     * The allocation of {@code partition}: its claims and canonical name.
     *
     * @throws IllegalArgumentException when it is not a partition of this machine
     */
    public Allocation allocationOf(Partition partition) {
        Allocation a = layout.allocations.get(partition);
        if (a == null) a = layout.allocations.computeIfAbsent(partition, this::claims);
        int slot = slot(a);
        Made made = layout.made[slot];
        if (made == null || made.allocation() != a) layout.made[slot] = new Made(a, partition);
        return a;
    }

    /** {@code allocation} and its partition if {@link #allocationOf} gave this very instance lately, else null. */
    private Made made(Allocation allocation) {
        Made made = layout.made[slot(allocation)];
        return made != null && made.allocation() == allocation ? made : null;
    }

    private static int slot(Allocation allocation) {
        return allocation.partition().hashCode() & (MADE - 1);
    }

    private Allocation claims(Partition p) {
        // Checked once here, so that allocating the allocation need not check its partition again.
        layout.empty.validate(p);
        BglMachine machine = layout.machine;
        List<Coordinate> midplanes = p.midplanes(machine.shape());
        List<Claim> claims = new ArrayList<>();
        // The ports claimed of each switch, by its place among the switches of the units.
        int[] ports = new int[layout.switchesInIdOrder.length];
        for (Coordinate c : midplanes) {
            claims.add(new NodeClaim(layout.midplaneId(c), layout.nodesPerMidplane));
            for (Dimension d : Dimension.values()) ports[layout.switchIndex(d, c)] |= MIDPLANE_PORTS;
        }
        for (Dimension d : Dimension.values()) {
            List<Cable> cables = p.linkSet(d).cablesIn(machine.wiring().line(d));
            for (Coordinate c : midplanes) {
                if (c.get(d) != p.base().get(d)) continue;
                Line line = Line.through(d, c);
                for (Cable cable : cables) {
                    ports[layout.switchIndex(d, line.at(cable.from()))] |= 1 << cable.outPort();
                    ports[layout.switchIndex(d, line.at(cable.to()))] |= 1 << cable.inPort();
                }
            }
        }
        for (int sw : layout.switchesInIdOrder)
            if (ports[sw] != 0) claims.add(new PortClaim(layout.switchId(sw), ports[sw]));
        return new Allocation(layout.names.name(p), claims);
    }

    @Override
    public List<String> units() {
        return layout.units;
    }

    @Override
    public int nodesOf(String unit) {
        if (layout.midplanes.contains(unit)) return layout.nodesPerMidplane;
        if (layout.switches.contains(unit)) return 0;
        throw new IllegalArgumentException(name() + " has no unit '" + unit + "'");
    }

    @Override
    public void setHealth(String component, boolean up) {
        Component c = layout.component(component);
        if (up) {
            state.markUp(c);
            down.remove(component);
        } else {
            state.markDown(c);
            down.add(component);
        }
        findings = Findings.none(layout.noLines);
    }

    @Override
    public SortedSet<String> downComponents() {
        return Collections.unmodifiableSortedSet(down);
    }

    @Override
    public List<Claim> componentClaims(String component) {
        Component c = layout.component(component);
        if (c instanceof Component.MidplaneAt)
            return List.of(new NodeClaim(component, layout.nodesPerMidplane));
        if (c instanceof Component.SwitchAt)
            return List.of(new PortClaim(component, ALL_PORTS));
        Component.CableAt at = (Component.CableAt) c;
        Dimension d = at.line().dimension();
        Cable cable = layout.machine.wiring().line(d).cables().get(at.cable());
        return List.of(new PortClaim(BglIds.switchOf(d, at.line().at(cable.from())), 1 << cable.outPort()),
                new PortClaim(BglIds.switchOf(d, at.line().at(cable.to())), 1 << cable.inPort()));
    }

    @Override
    public List<String> components() {
        return layout.components;
    }

    @Override
    public boolean withholds() {
        return true;
    }

    /**
     * {@inheritDoc} On the copy what the allocations claim counts as down for new partitions, though it neither
     * fails nor shows in {@link #downComponents()}. With switches shared port by port, that is the allocations'
     * midplanes and cables, whose ports are all they claim. With whole switches, every switch they claim: it
     * serves one partition at a time, so no partition may use or pass through it, which keeps out its midplane
     * and every cable ending at it; switches that allocated partitions hold are busy already and left as they are.
     */
    @Override
    public BglMachineModel withholding(Collection<Allocation> allocations) {
        BglState withheld = state.copy();
        if (layout.machine.switchModel() == SwitchModel.PORTS) {
            for (Allocation a : allocations) withholdParts(withheld, partition(a));
            return new BglMachineModel(layout, withheld, new TreeSet<>(down));
        }
        Set<String> busy = new HashSet<>();
        for (Partition p : state.allocated()) for (Claim c : allocationOf(p).claims()) busy.add(c.unit());
        for (Allocation a : allocations)
            for (Claim c : a.claims())
                if (c instanceof PortClaim && busy.add(c.unit())) withheld.markDown(layout.component(c.unit()));
        return new BglMachineModel(layout, withheld, new TreeSet<>(down));
    }

    /** Marks the midplanes of {@code p} and the cables of its link sets in every spanned line down on {@code state}. */
    private void withholdParts(BglState state, Partition p) {
        List<Coordinate> midplanes = p.midplanes(layout.machine.shape());
        for (Coordinate c : midplanes) state.markDown(new Component.MidplaneAt(c));
        for (Dimension d : Dimension.values()) {
            long cables = p.linkSet(d).cables();
            for (Coordinate c : midplanes) {
                if (c.get(d) != p.base().get(d)) continue;
                for (long rest = cables; rest != 0; rest &= rest - 1)
                    state.markDown(new Component.CableAt(Line.through(d, c), Long.numberOfTrailingZeros(rest)));
            }
        }
    }

    @Override
    public BglMachineModel copy() {
        return new BglMachineModel(layout, state.copy(), new TreeSet<>(down), findings);
    }

    @Override
    public String toString() {
        return "BglMachineModel[" + name() + ", " + state.usedMidplanes() + " midplanes used, " + down.size() + " down]";
    }
}

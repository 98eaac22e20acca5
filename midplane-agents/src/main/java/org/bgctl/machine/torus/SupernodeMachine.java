package org.bgctl.machine.torus;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.Shape;

/**
 * {@code supernode}: a torus of supernodes (Krevat et al. 2002), by default the Blue Gene/L machine of 4x4x8
 * supernodes of 512 nodes each, wrapping around in every dimension, with no cable resources. A supernode is
 * the unit of allocation: a job holds one free box of whole supernodes.
 *
 * <p>Entity ids: supernode (x, y, z) is {@code sn-x.y.z}, e.g. {@code sn-3.0.7}. A partition's canonical name
 * is its normalized box as {@code EXTENT@BASE}, e.g. {@code 2x2x4@0.1.0} (a box spanning a whole dimension
 * has base 0 in it), and {@link #allocationOf(String)} rebuilds the allocation from the name alone.
 *
 * <p>A demand of n nodes needs {@code ceil(n / nodesPerUnit)} supernodes, raised to the next size a box of the
 * torus can have. {@link #place} picks, among every free box of that size, the one that leaves the largest
 * free box largest ({@link PlacementSearch#choose}); it never raises a size further (the schedulers of the
 * paper do that themselves).
 */
public final class SupernodeMachine implements MachineModel {

    /** Nodes of a Blue Gene/L supernode (8x8x8 compute nodes). */
    public static final int BLUE_GENE_L_SUPERNODE = 512;

    /** The most supernodes a machine may have: partition searches grow with the fifth power of a dimension. */
    public static final int MAX_UNITS = 4096;

    private static final String UNIT_PREFIX = "sn-";

    private final TorusShape shape;
    private final int nodesPerUnit;
    private final List<String> units;
    /** For each number of supernodes from 0 to all of them, the next size a box can have (0 for none). */
    private final int[] nextPossibleSize;
    /** Allocations by normalized box and boxes by partition name, as made so far; shared by copies, only looked up. */
    private final Map<Box, Allocation> allocations;
    private final Map<String, Box> boxes;
    private Occupancy occupancy;

    /**
     * An empty machine.
     *
     * @param shape        supernodes per dimension
     * @param nodesPerUnit nodes of one supernode (1 when job sizes are already counted in supernodes)
     */
    public SupernodeMachine(TorusShape shape, int nodesPerUnit) {
        if (nodesPerUnit < 1)
            throw new IllegalArgumentException("a supernode needs at least one node, was " + nodesPerUnit);
        if (shape.units() > MAX_UNITS)
            throw new IllegalArgumentException("a torus of " + shape + " supernodes is larger than the "
                    + MAX_UNITS + " supernodes supported");
        MachineCatalog.requireAtMostMachineNodes((long) shape.units() * nodesPerUnit,
                shape + " supernodes of " + nodesPerUnit + " nodes");
        this.shape = shape;
        this.nodesPerUnit = nodesPerUnit;
        this.units = unitIds(shape);
        this.nextPossibleSize = nextPossibleSizes(shape);
        this.allocations = new ConcurrentHashMap<>();
        this.boxes = new ConcurrentHashMap<>();
        this.occupancy = Occupancy.empty(shape);
    }

    private static int[] nextPossibleSizes(TorusShape shape) {
        int[] next = new int[shape.units() + 1];
        int possible = 0;
        for (int size = shape.units(); size >= 1; size--) {
            if (!shape.extentsOfVolume(size).isEmpty()) possible = size;
            next[size] = possible;
        }
        return next;
    }

    private SupernodeMachine(SupernodeMachine other) {
        this.shape = other.shape;
        this.nodesPerUnit = other.nodesPerUnit;
        this.units = other.units;
        this.nextPossibleSize = other.nextPossibleSize;
        this.allocations = other.allocations;
        this.boxes = other.boxes;
        this.occupancy = other.occupancy;
    }

    /** The Blue Gene/L machine of the paper: 4x4x8 supernodes of 512 nodes. */
    public static SupernodeMachine blueGeneL() {
        return new SupernodeMachine(TorusShape.BLUE_GENE_L, BLUE_GENE_L_SUPERNODE);
    }

    private static List<String> unitIds(TorusShape shape) {
        List<String> ids = new ArrayList<>(shape.units());
        for (int z = 0; z < shape.z(); z++)
            for (int y = 0; y < shape.y(); y++)
                for (int x = 0; x < shape.x(); x++) ids.add(UNIT_PREFIX + x + "." + y + "." + z);
        return List.copyOf(ids);
    }

    /** {@code supernode:XxYxZ}, followed by {@code /N} when a supernode does not have 512 nodes. */
    @Override
    public String name() {
        return "supernode:" + shape + (nodesPerUnit == BLUE_GENE_L_SUPERNODE ? "" : "/" + nodesPerUnit);
    }

    @Override public int capacity() { return shape.units() * nodesPerUnit; }
    @Override public int freeNodes() { return occupancy.freeUnits() * nodesPerUnit; }
    @Override public boolean interchangeable() { return false; }

    @Override
    public Set<MachineCapability> capabilities() {
        return Set.of(MachineCapability.SUPERNODE_TORUS);
    }

    /** The supernodes' entity ids, numbered as {@link TorusShape#index} numbers them (x fastest). */
    @Override
    public List<String> units() {
        return units;
    }

    /** The torus's dimensions. */
    public TorusShape shape() {
        return shape;
    }

    /** Nodes of one supernode. */
    public int nodesPerUnit() {
        return nodesPerUnit;
    }

    /** Which supernodes are free now (an immutable snapshot). */
    public Occupancy occupancy() {
        return occupancy;
    }

    /** Whether {@code unit} is the entity id of one of this machine's supernodes. */
    public boolean hasUnit(String unit) {
        return unitIndex(unit) >= 0;
    }

    @Override
    public int nodesOf(String unit) {
        if (!hasUnit(unit)) throw new IllegalArgumentException(name() + " has no unit '" + unit + "'");
        return nodesPerUnit;
    }

    /**
     * The supernodes a job of {@code nodes} nodes asks for: {@code ceil(nodes / nodesPerUnit)} raised to the
     * next size a box of this torus can have. Empty when even the whole torus is too small.
     */
    public OptionalInt unitsFor(int nodes) {
        if (nodes < 1) throw new IllegalArgumentException("a job needs at least one node, was " + nodes);
        long units = ((long) nodes + nodesPerUnit - 1) / nodesPerUnit;
        if (units > shape.units()) return OptionalInt.empty();
        return OptionalInt.of(nextPossibleSize[(int) units]);
    }

    /** The smallest size of at least {@code units} supernodes that a box of the torus can have; 0 when none. */
    public int nextBoxSize(int units) {
        if (units < 1) throw new IllegalArgumentException("a box holds at least one supernode, not " + units);
        return units > shape.units() ? 0 : nextPossibleSize[units];
    }

    @Override
    public Allocation place(Demand demand) {
        OptionalInt size = unitsFor(demand.nodes());
        if (size.isEmpty()) return null;
        Optional<Placement> p = PlacementSearch.choose(occupancy, size.getAsInt());
        return p.map(placement -> allocationOf(placement.box())).orElse(null);
    }

    @Override
    public boolean isFree(Allocation allocation) {
        return occupancy.isFree(boxOf(allocation));
    }

    @Override
    public void allocate(Allocation allocation) {
        Box box = boxOf(allocation);
        if (!occupancy.isFree(box))
            throw new IllegalStateException("partition " + allocation.partition() + " is not free on " + name());
        occupancy = occupancy.with(box);
    }

    @Override
    public void release(Allocation allocation) {
        Box box = boxOf(allocation);
        for (int unit : shape.unitsOf(box))
            if (occupancy.isFree(unit))
                throw new IllegalStateException("releasing " + allocation.partition() + ": supernode "
                        + units.get(unit) + " is not held");
        occupancy = occupancy.without(box);
    }

    @Override
    public SupernodeMachine copy() {
        return new SupernodeMachine(this);
    }

    @Override
    public boolean withholds() {
        return true;
    }

    /** {@inheritDoc} On the copy every supernode of the allocations' boxes is held. */
    @Override
    public SupernodeMachine withholding(Collection<Allocation> allocations) {
        SupernodeMachine withheld = copy();
        for (Allocation a : allocations) {
            for (int unit : shape.unitsOf(boxOf(a))) {
                if (!withheld.occupancy.isFree(unit)) continue;
                int x = unit % shape.x();
                int y = unit / shape.x() % shape.y();
                int z = unit / (shape.x() * shape.y());
                withheld.occupancy = withheld.occupancy.with(Box.of(x, y, z, 1, 1, 1));
            }
        }
        return withheld;
    }

    /** {@inheritDoc} On the copy every free supernode of {@code units} is held. */
    @Override
    public SupernodeMachine keepingOff(Collection<String> units) {
        SupernodeMachine kept = copy();
        for (String id : units) {
            int unit = this.units.indexOf(id);
            if (unit < 0) return null;
            if (!kept.occupancy.isFree(unit)) continue;
            kept.occupancy = kept.occupancy.with(Box.of(unit % shape.x(), unit / shape.x() % shape.y(),
                    unit / (shape.x() * shape.y()), 1, 1, 1));
        }
        return kept;
    }

    /** The allocation of {@code box}: one claim of every node of each of its supernodes. */
    public Allocation allocationOf(Box box) {
        return allocations.computeIfAbsent(shape.normalize(box), normalized -> {
            List<Claim> claims = new ArrayList<>(normalized.volume());
            for (int unit : shape.unitsOf(normalized)) claims.add(new NodeClaim(units.get(unit), nodesPerUnit));
            return new Allocation(nameOf(normalized), claims);
        });
    }

    /**
     * The allocation named {@code partition}.
     *
     * @throws IllegalArgumentException when the name is not the canonical name of a box of this torus
     */
    public Allocation allocationOf(String partition) {
        return allocationOf(boxNamed(partition));
    }

    /** The box an allocation of this machine holds, from its partition name. */
    public Box boxOf(Allocation allocation) {
        return boxNamed(allocation.partition());
    }

    private Box boxNamed(String partition) {
        return boxes.computeIfAbsent(partition, this::parse);
    }

    /** The canonical name of {@code box}: its normalized form as {@code EXTENT@BASE}, e.g. {@code 2x2x4@0.1.0}. */
    public String nameOf(Box box) {
        Box b = shape.normalize(box);
        Coordinate c = b.base();
        return b.extent() + "@" + c.x() + "." + c.y() + "." + c.z();
    }

    private Box parse(String partition) {
        String[] parts = partition.split("@", -1);
        String[] extent = parts.length == 2 ? parts[0].split("x", -1) : new String[0];
        String[] base = parts.length == 2 ? parts[1].split("\\.", -1) : new String[0];
        if (extent.length != 3 || base.length != 3)
            throw badPartition(partition, "it is not of the form EXTENT@BASE, e.g. 2x2x4@0.1.0");
        Box box;
        try {
            box = new Box(new Coordinate(number(base[0]), number(base[1]), number(base[2])),
                    new Shape(number(extent[0]), number(extent[1]), number(extent[2])));
        } catch (IllegalArgumentException e) {
            throw badPartition(partition, e.getMessage());
        }
        if (!shape.contains(box.base()) || !shape.fits(box.extent()))
            throw badPartition(partition, "the box does not fit the torus " + shape);
        if (!nameOf(box).equals(partition))
            throw badPartition(partition, "its canonical name is " + nameOf(box));
        return box;
    }

    private static int number(String digits) {
        if (digits.isEmpty() || !digits.chars().allMatch(Character::isDigit) || digits.length() > 6)
            throw new IllegalArgumentException("'" + digits + "' is not a whole number");
        return Integer.parseInt(digits);
    }

    private IllegalArgumentException badPartition(String partition, String why) {
        return new IllegalArgumentException("partition '" + partition + "' of " + name() + ": " + why);
    }

    private int unitIndex(String unit) {
        if (!unit.startsWith(UNIT_PREFIX)) return -1;
        String[] c = unit.substring(UNIT_PREFIX.length()).split("\\.", -1);
        if (c.length != 3) return -1;
        try {
            Coordinate at = new Coordinate(number(c[0]), number(c[1]), number(c[2]));
            if (!shape.contains(at)) return -1;
            int index = shape.index(at);
            return units.get(index).equals(unit) ? index : -1;
        } catch (IllegalArgumentException e) {
            return -1;
        }
    }
}

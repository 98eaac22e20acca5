package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;
import org.bgctl.machine.Coordinate;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.stream.IntStream;

/**
 * The dimensions of a three-dimensional torus of allocation units, wrapping around in every dimension.
 * Units are numbered {@code x + X * (y + Y * z)}.
 *
 * @param x units along the x dimension
 * @param y units along the y dimension
 * @param z units along the z dimension
 */
public record TorusShape(int x, int y, int z) {

    /** The Blue Gene/L machine as a torus of supernodes: 4x4x8 supernodes of 512 nodes each. */
    public static final TorusShape BLUE_GENE_L = new TorusShape(4, 4, 8);

    public TorusShape {
        if (x < 1 || y < 1 || z < 1)
            throw new IllegalArgumentException("torus dimensions must be at least 1: " + x + "x" + y + "x" + z);
    }

    /** How many units the torus holds. */
    public int units() {
        return x * y * z;
    }

    /** The number of the unit at (ux, uy, uz), each coordinate within its dimension. */
    public int index(int ux, int uy, int uz) {
        return ux + x * (uy + y * uz);
    }

    /** The number of the unit at {@code c}. */
    public int index(Coordinate c) {
        require(contains(c), "coordinate " + c + " is outside the torus " + this);
        return index(c.x(), c.y(), c.z());
    }

    /** Whether {@code c} names a unit of this torus. */
    public boolean contains(Coordinate c) {
        return c.x() < x && c.y() < y && c.z() < z;
    }

    /** Whether a partition of this shape fits in the torus in this orientation. */
    public boolean fits(Shape e) {
        return e.x() <= x && e.y() <= y && e.z() <= z;
    }

    /**
     * The canonical form of {@code box}: its base set to 0 in every dimension the box spans completely.
     *
     * @throws IllegalArgumentException if the base is outside the torus or the extent does not fit
     */
    public Box normalize(Box box) {
        Coordinate b = box.base();
        Shape e = box.extent();
        require(contains(b) && fits(e), "box " + box + " does not fit the torus " + this);
        Coordinate base = new Coordinate(e.x() == x ? 0 : b.x(), e.y() == y ? 0 : b.y(), e.z() == z ? 0 : b.z());
        return base.equals(b) ? box : new Box(base, e);
    }

    /** Whether boxes {@code a} and {@code b} share a unit: their (wrapping) ranges meet in every dimension. */
    public boolean overlap(Box a, Box b) {
        return meet(a.base().x(), a.extent().x(), b.base().x(), b.extent().x(), x)
                && meet(a.base().y(), a.extent().y(), b.base().y(), b.extent().y(), y)
                && meet(a.base().z(), a.extent().z(), b.base().z(), b.extent().z(), z);
    }

    private static boolean meet(int baseA, int extentA, int baseB, int extentB, int length) {
        return Math.floorMod(baseB - baseA, length) < extentA || Math.floorMod(baseA - baseB, length) < extentB;
    }

    /** The numbers of the units of {@code box}, wrapping around the edges. */
    public int[] unitsOf(Box box) {
        Box b = normalize(box);
        Coordinate base = b.base();
        Shape e = b.extent();
        int[] units = new int[e.volume()];
        int n = 0;
        for (int dz = 0; dz < e.z(); dz++)
            for (int dy = 0; dy < e.y(); dy++)
                for (int dx = 0; dx < e.x(); dx++)
                    units[n++] = index((base.x() + dx) % x, (base.y() + dy) % y, (base.z() + dz) % z);
        return units;
    }

    /** Every extent of exactly {@code volume} units that fits the torus, smallest x first, then y. */
    public List<Shape> extentsOfVolume(int volume) {
        List<Shape> extents = new ArrayList<>();
        for (int ex = 1; ex <= Math.min(x, volume); ex++) {
            if (volume % ex != 0) continue;
            for (int ey = 1; ey <= Math.min(y, volume / ex); ey++) {
                if (volume / ex % ey != 0) continue;
                int ez = volume / ex / ey;
                if (ez <= z) extents.add(new Shape(ex, ey, ez));
            }
        }
        return extents;
    }

    /**
     * Every distinct placement of {@code extent} in the torus, in {@link Box#SCAN_ORDER}. A dimension the
     * extent spans completely contributes only base 0, so no set of units appears twice.
     */
    public List<Box> placementsOf(Shape extent) {
        require(fits(extent), "extent " + extent + " does not fit the torus " + this);
        int basesX = extent.x() == x ? 1 : x;
        int basesY = extent.y() == y ? 1 : y;
        int basesZ = extent.z() == z ? 1 : z;
        List<Box> boxes = new ArrayList<>(basesX * basesY * basesZ);
        for (int bx = 0; bx < basesX; bx++)
            for (int by = 0; by < basesY; by++)
                for (int bz = 0; bz < basesZ; bz++)
                    boxes.add(new Box(new Coordinate(bx, by, bz), extent));
        return boxes;
    }

    /** The partition sizes, in units, that at least one extent fits, ascending. */
    public List<Integer> possibleSizes() {
        return IntStream.rangeClosed(1, units()).filter(s -> !extentsOfVolume(s).isEmpty()).boxed().toList();
    }

    /**
     * The smallest possible partition size of at least {@code requested} units: a job of an impossible size
     * is raised to it. Empty when the request exceeds the whole torus.
     */
    public OptionalInt nextPossibleSize(int requested) {
        require(requested >= 1, "a requested size must be positive, was " + requested);
        return IntStream.rangeClosed(requested, units()).filter(s -> !extentsOfVolume(s).isEmpty()).findFirst();
    }

    @Override
    public String toString() {
        return x + "x" + y + "x" + z;
    }

    private static void require(boolean condition, String message) {
        if (!condition) throw new IllegalArgumentException(message);
    }
}

package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;
import org.bgctl.machine.Coordinate;

import java.util.Comparator;

/**
 * A rectangular partition of the torus: the units from {@code base} on, {@code extent} of them in each
 * dimension, wrapping around the edges. A box is only meaningful together with a {@link TorusShape};
 * {@link TorusShape#normalize(Box)} gives its canonical form, in which the base is 0 in every dimension the
 * box spans completely (there the base makes no difference).
 *
 * @param base   the corner unit with the lowest coordinates before wrapping
 * @param extent the number of units in each dimension
 */
public record Box(Coordinate base, Shape extent) {

    /**
     * The scan order every search in this package follows to break ties: lowest base first (by x, then y,
     * then z), then smallest extent (by x, then y, then z). Apply it to normalized boxes.
     */
    public static final Comparator<Box> SCAN_ORDER = Comparator
            .comparingInt((Box b) -> b.base().x())
            .thenComparingInt(b -> b.base().y())
            .thenComparingInt(b -> b.base().z())
            .thenComparingInt(b -> b.extent().x())
            .thenComparingInt(b -> b.extent().y())
            .thenComparingInt(b -> b.extent().z());

    public Box {
        if (base == null || extent == null) throw new IllegalArgumentException("a box needs a base and an extent");
    }

    /** A box from its six numbers: base x, y, z and extent x, y, z. */
    public static Box of(int x, int y, int z, int extentX, int extentY, int extentZ) {
        return new Box(new Coordinate(x, y, z), new Shape(extentX, extentY, extentZ));
    }

    /** How many units the box holds. */
    public int volume() {
        return extent.volume();
    }

    @Override
    public String toString() {
        return extent + "@" + base;
    }
}

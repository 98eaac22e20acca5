package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * A box of midplanes joined as a mesh or a torus. The box starts at {@code base} and extends
 * {@code shape} midplanes in each dimension, wrapping around the machine's edges. Along each dimension
 * the same link set joins the box's midplanes in every line the box spans.
 *
 * @param base     the box's corner with the lowest coordinates before wrap-around
 * @param shape    midplanes per dimension
 * @param topology mesh or torus, the same in every dimension
 * @param x        the link set of every spanned x-line
 * @param y        the link set of every spanned y-line
 * @param z        the link set of every spanned z-line
 */
public record Partition(Coordinate base, Shape shape, Topology topology, LinkSet x, LinkSet y, LinkSet z) {

    /** Hashed from its numbers and spread over all bits: partitions key the allocations of a machine. */
    @Override
    public int hashCode() {
        long h = topology.ordinal();
        h = mix(mix(mix(h, base.x()), base.y()), base.z());
        h = mix(mix(mix(h, shape.x()), shape.y()), shape.z());
        h = mix(mix(mix(mix(mix(mix(h, x.midplanes()), x.passThrough()), y.midplanes()), y.passThrough()),
                z.midplanes()), z.passThrough());
        h = (h ^ x.cables()) * 0x9E3779B97F4A7C15L;
        h = (h ^ y.cables()) * 0x9E3779B97F4A7C15L;
        h = (h ^ z.cables()) * 0x9E3779B97F4A7C15L;
        return (int) (h ^ h >>> 32);
    }

    private static long mix(long h, int n) {
        return (h + n) * 0x9E3779B97F4A7C15L;
    }

    /** The link set used in every spanned line of {@code dimension}. */
    public LinkSet linkSet(Dimension dimension) {
        return dimension.pick(x, y, z);
    }

    /** The number of midplanes. */
    public int size() {
        return shape.volume();
    }

    /**
     * The number of cables used over all spanned lines of all dimensions: the partition's merit (fewer
     * is better).
     */
    public int cableCount() {
        return x.cableCount() * shape.y() * shape.z()
                + y.cableCount() * shape.x() * shape.z()
                + z.cableCount() * shape.x() * shape.y();
    }

    /** The box's midplanes in a machine of {@code machine} midplanes, x varying fastest. */
    public List<Coordinate> midplanes(Shape machine) {
        List<Coordinate> midplanes = new ArrayList<>(size());
        for (int k = 0; k < shape.z(); k++)
            for (int j = 0; j < shape.y(); j++)
                for (int i = 0; i < shape.x(); i++)
                    midplanes.add(new Coordinate((base.x() + i) % machine.x(),
                            (base.y() + j) % machine.y(), (base.z() + k) % machine.z()));
        return midplanes;
    }

    /** Compared field by field, as it is hashed: a record's generated {@code equals} is slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Partition p && topology == p.topology && Objects.equals(base, p.base)
                && Objects.equals(shape, p.shape) && Objects.equals(x, p.x) && Objects.equals(y, p.y)
                && Objects.equals(z, p.z);
    }
}

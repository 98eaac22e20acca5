package org.bgctl.machine.bgl;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.Set;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * What a job asks of the partition search.
 *
 * @param size             midplanes wanted
 * @param shape            the box wanted, or null for any box of {@code size} midplanes
 * @param rotations        whether a requested shape may be rotated
 * @param topology         mesh or torus
 * @param denyPassThrough  dimensions in which a link set may not pass through a switch whose midplane is
 *                         not in the partition
 */
public record PartitionRequest(int size, Shape shape, boolean rotations, Topology topology,
                               Set<Dimension> denyPassThrough) {

    public PartitionRequest {
        if (size < 1) throw new IllegalArgumentException("a partition has at least one midplane, not " + size);
        if (shape != null && shape.volume() != size)
            throw new IllegalArgumentException("shape " + shape + " does not hold " + size + " midplanes");
        if (topology == null) throw new IllegalArgumentException("a topology is required");
        denyPassThrough = Set.copyOf(denyPassThrough);
    }

    /** Hashed from ordinals and numbers only: requests are looked up on every search. */
    @Override
    public int hashCode() {
        int denied = 0;
        if (!denyPassThrough.isEmpty()) for (Dimension d : denyPassThrough) denied |= 1 << d.ordinal();
        int box = shape == null ? 0 : (shape.x() * 31 + shape.y()) * 31 + shape.z();
        return (((size * 31 + box) * 2 + (rotations ? 1 : 0)) * 4 + topology.ordinal()) * 8 + denied;
    }

    /** Compared number by number, for the same reason. */
    @Override
    public boolean equals(Object o) {
        return o instanceof PartitionRequest r && size == r.size && rotations == r.rotations && topology == r.topology
                && (shape == null ? r.shape == null : r.shape != null && shape.x() == r.shape.x()
                && shape.y() == r.shape.y() && shape.z() == r.shape.z())
                && denyPassThrough.equals(r.denyPassThrough);
    }

    /** Any box of {@code size} midplanes. */
    public static PartitionRequest ofSize(int size, Topology topology) {
        return new PartitionRequest(size, null, true, topology, Set.of());
    }

    /** A box of {@code shape} or one of its rotations. */
    public static PartitionRequest ofShape(Shape shape, Topology topology) {
        return new PartitionRequest(shape.volume(), shape, true, topology, Set.of());
    }

    /** The same request with the shape pinned: no rotation. */
    public PartitionRequest pinned() {
        return new PartitionRequest(size, shape, false, topology, denyPassThrough);
    }

    /** The same request with pass-through also denied in {@code dimensions}. */
    public PartitionRequest denyingPassThrough(Dimension... dimensions) {
        Set<Dimension> denied = EnumSet.noneOf(Dimension.class);
        denied.addAll(denyPassThrough);
        denied.addAll(Arrays.asList(dimensions));
        return new PartitionRequest(size, shape, rotations, topology, denied);
    }
}

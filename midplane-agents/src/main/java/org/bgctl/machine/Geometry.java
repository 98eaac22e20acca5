package org.bgctl.machine;

import java.util.Objects;

/**
 * The geometry a job asks for on a machine whose allocation units form a 3D grid (BG/L midplanes):
 * an explicit box or any box of the job's size, whether the box may be rotated, and how its units
 * are joined. Machines of interchangeable nodes ignore it.
 *
 * @param shape     the box in allocation units, or null for any box holding the job's size
 * @param rotations whether the box may be placed rotated (meaningless without a shape)
 * @param topology  mesh or torus
 */
public record Geometry(Shape shape, boolean rotations, Topology topology) {

    /** Any box of the job's size, joined as a mesh: what a job without geometry asks for. */
    public static final Geometry ANY = new Geometry(null, true, Topology.MESH);

    public Geometry {
        Objects.requireNonNull(topology, "topology");
    }

    /** Any box of the job's size, joined with {@code topology}. */
    public static Geometry anyShape(Topology topology) {
        return new Geometry(null, true, topology);
    }

    /** The box {@code shape}, or a rotation of it when {@code rotations}, joined with {@code topology}. */
    public static Geometry box(Shape shape, boolean rotations, Topology topology) {
        return new Geometry(Objects.requireNonNull(shape, "shape"), rotations, topology);
    }

    /** Compared field by field: the generated {@code equals} of a record calls method handles, slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Geometry g && rotations == g.rotations && topology == g.topology
                && Objects.equals(shape, g.shape);
    }

    /** Hashed as the record's generated method hashes, without its method handles. */
    @Override
    public int hashCode() {
        return (Objects.hashCode(shape) * 31 + Boolean.hashCode(rotations)) * 31 + topology.hashCode();
    }
}

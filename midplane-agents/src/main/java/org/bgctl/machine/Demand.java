package org.bgctl.machine;

import java.util.Objects;

/**
 * What a job asks of the machine: a number of nodes and, on machines of 3D allocation units, a
 * geometry (flat machines ignore it).
 *
 * @param nodes    requested nodes, positive
 * @param geometry the box and topology wanted
 */
public record Demand(int nodes, Geometry geometry) {
    public Demand {
        if (nodes <= 0) throw new IllegalArgumentException("a demand needs a positive node count, was " + nodes);
        Objects.requireNonNull(geometry, "geometry");
    }

    /** {@code nodes} nodes in any box, as a mesh. */
    public Demand(int nodes) {
        this(nodes, Geometry.ANY);
    }

    /** Compared field by field: the generated {@code equals} of a record calls method handles, slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Demand d && nodes == d.nodes && geometry.equals(d.geometry);
    }

    /** Hashed as the record's generated method hashes, without its method handles. */
    @Override
    public int hashCode() {
        return Integer.hashCode(nodes) * 31 + geometry.hashCode();
    }
}

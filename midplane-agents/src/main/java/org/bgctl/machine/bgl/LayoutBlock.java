package org.bgctl.machine.bgl;

import java.util.List;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * One block of a {@link BlockLayout}: a named box of midplanes joined as a mesh or a torus, as an entry of a block
 * file lists it.
 *
 * @param name     the block's name, unique in its file
 * @param base     the box's corner with the lowest coordinates before wrap-around (0 in a dimension the box spans
 *                 whole)
 * @param shape    midplanes per dimension
 * @param topology how the block's midplanes are joined, the same in every dimension
 * @param line     the line of the block's entry in its file
 */
public record LayoutBlock(String name, Coordinate base, Shape shape, Topology topology, int line) {

    /** The number of midplanes. */
    public int size() {
        return shape.volume();
    }

    /**
     * Whether a job asking {@code request} may run on this block: a torus job needs a torus block (a mesh job takes
     * either), and the block's box holds the request — at least its size, or its shape (in a rotation the request
     * allows) dimension by dimension.
     */
    public boolean holds(PartitionRequest request) {
        if (request.topology() == Topology.TORUS && topology != Topology.TORUS) return false;
        if (request.shape() == null) return size() >= request.size();
        for (Shape s : request.rotations() ? request.shape().rotations() : List.of(request.shape()))
            if (s.fitsIn(shape)) return true;
        return false;
    }
}

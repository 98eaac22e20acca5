package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Shape;

/**
 * The job-shape transforms of the BG/L allocation study, as pure functions over a machine of
 * {@code machine} midplanes. bgctl's x is the long dimension (8 midplanes on BG/L), so the study's
 * {@code 1x1x6} is {@code 6x1x1} here and its {@code 1x2x8} is {@code 8x2x1}.
 */
public final class Shapes {

    private Shapes() {
    }

    /**
     * Midplanes needed for {@code nodes} nodes: {@code ceil(nodes / nodesPerMidplane)}, at least one.
     */
    public static int midplanes(long nodes, int nodesPerMidplane) {
        if (nodes < 1) throw new IllegalArgumentException("a job needs at least one node, not " + nodes);
        if (nodesPerMidplane < 1) throw new IllegalArgumentException("a midplane has nodes, not " + nodesPerMidplane);
        return Math.toIntExact((nodes + nodesPerMidplane - 1) / nodesPerMidplane);
    }

    /**
     * The slim shape of a job of {@code size} midplanes: three nested loops, z (outermost) and y from
     * 1 to their machine extent, x (innermost) from 1 to its extent; the first {@code x*y*z == size}
     * wins, else the first shape whose volume is the smallest one above {@code size}. E.g. on 8x4x4:
     * 6 → 6x1x1, 16 → 8x2x1, 27 → 3x3x3, 11 → 6x2x1.
     */
    public static Shape slim(int size, Shape machine) {
        checkSize(size, machine);
        return smallestAtLeast(size, machine, 1);
    }

    /**
     * The fat shape of a job of {@code size} midplanes: at least 2 midplanes in each dimension (1 where
     * the machine has only one), the smallest such volume at or above {@code size}, the first in the
     * loop order of {@link #slim}. E.g. on 8x4x4: 1 → 2x2x2, 12 → 3x2x2, 17 → 3x3x2.
     */
    public static Shape fat(int size, Shape machine) {
        checkSize(size, machine);
        return smallestAtLeast(size, machine, 2);
    }

    /**
     * Every shape of exactly {@code volume} midplanes that fits in {@code machine} without rotation,
     * longest along x first, then longest along y. E.g. 4 on 8x4x4: 4x1x1, 2x2x1, 2x1x2, 1x4x1, 1x2x2,
     * 1x1x4.
     */
    public static List<Shape> ofVolume(int volume, Shape machine) {
        if (volume < 1) throw new IllegalArgumentException("a box holds at least one midplane, not " + volume);
        List<Shape> shapes = new ArrayList<>();
        for (int x = machine.x(); x >= 1; x--)
            for (int y = machine.y(); y >= 1; y--)
                if (volume % (x * y) == 0 && volume / (x * y) <= machine.z())
                    shapes.add(new Shape(x, y, volume / (x * y)));
        return List.copyOf(shapes);
    }

    /** The first shape in z, y, x loop order with the smallest volume ≥ size and every extent ≥ min. */
    private static Shape smallestAtLeast(int size, Shape machine, int min) {
        Shape best = null;
        for (int z = Math.min(min, machine.z()); z <= machine.z(); z++)
            for (int y = Math.min(min, machine.y()); y <= machine.y(); y++)
                for (int x = Math.min(min, machine.x()); x <= machine.x(); x++) {
                    int volume = x * y * z;
                    if (volume >= size && (best == null || volume < best.volume())) best = new Shape(x, y, z);
                }
        return best;
    }

    private static void checkSize(int size, Shape machine) {
        if (size < 1 || size > machine.volume())
            throw new IllegalArgumentException("a job of " + size + " midplanes does not fit in " + machine);
    }
}

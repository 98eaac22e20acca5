package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;

import java.util.Optional;

/**
 * The O(M^9) reference for {@link ProjectionOfPartitions}: every distinct box of the torus, every unit checked.
 * Same tie-break: the largest free box, the first in {@link Box#SCAN_ORDER} among equals.
 */
final class ExhaustivePartitionSearch {

    private ExhaustivePartitionSearch() {
    }

    static Optional<Box> largestFreeBox(Occupancy occupancy) {
        TorusShape shape = occupancy.shape();
        Box best = null;
        for (int a = 1; a <= shape.x(); a++)
            for (int b = 1; b <= shape.y(); b++)
                for (int c = 1; c <= shape.z(); c++)
                    for (Box box : shape.placementsOf(new Shape(a, b, c)))
                        if (occupancy.isFree(box) && beats(box, best)) best = box;
        return Optional.ofNullable(best);
    }

    private static boolean beats(Box box, Box best) {
        if (best == null || box.volume() > best.volume()) return true;
        return box.volume() == best.volume() && Box.SCAN_ORDER.compare(box, best) < 0;
    }
}

package org.bgctl.machine.torus;

import java.util.Arrays;
import java.util.Optional;

/**
 * The Projection Of Partitions (POP) search of Krevat, Castaños and Moreira (2002, Appendix A): the largest
 * free box of a torus, wrapping around in every dimension, in O(M^5) time on an M x M x M torus.
 *
 * <p>First a partition table gives, for every unit, the run of free units starting there along y (wrapping,
 * at most the y dimension). Then, for every free base unit, the search grows the box along z one plane at a
 * time; for each depth it keeps, for each x offset, the smallest y run over the planes seen so far (the
 * projection of the planes onto each other), and grows the box along x, the running minimum of those
 * projected runs being the largest y extent that fits. Every (x extent, z extent) pair thus gets its largest
 * y extent at O(1) cost each: O(M^2) per base, O(M^5) in all.
 *
 * <p>Ties: among the largest free boxes the search returns the first in {@link Box#SCAN_ORDER} of their
 * normalized forms (lowest base by x, y, z, then smallest extent by x, y, z), so the answer does not depend
 * on the order of the search.
 */
public final class ProjectionOfPartitions {

    private ProjectionOfPartitions() {
    }

    /** The largest free box, normalized, first in {@link Box#SCAN_ORDER} among equals; empty if no unit is free. */
    public static Optional<Box> largestFreeBox(Occupancy occupancy) {
        return search(occupancy).box();
    }

    /** The number of units in the largest free box, 0 if no unit is free. */
    public static int largestFreeSize(Occupancy occupancy) {
        return search(occupancy).volume;
    }

    private static Leader search(Occupancy occupancy) {
        TorusShape shape = occupancy.shape();
        int[] runY = freeRunsAlongY(occupancy);
        int[] projected = new int[shape.x()];
        Leader leader = new Leader(shape);
        for (int i = 0; i < shape.x(); i++)
            for (int j = 0; j < shape.y(); j++)
                for (int k = 0; k < shape.z(); k++)
                    if (occupancy.isFree(shape.index(i, j, k))) growFrom(shape, runY, projected, leader, i, j, k);
        return leader;
    }

    private static void growFrom(TorusShape shape, int[] runY, int[] projected, Leader leader, int i, int j, int k) {
        Arrays.fill(projected, Integer.MAX_VALUE);
        for (int c = 1; c <= shape.z(); c++) {
            int z = (k + c - 1) % shape.z();
            int b = Integer.MAX_VALUE;
            for (int a = 1; a <= shape.x(); a++) {
                int x = (i + a - 1) % shape.x();
                projected[a - 1] = Math.min(projected[a - 1], runY[shape.index(x, j, z)]);
                b = Math.min(b, projected[a - 1]);
                if (b == 0) break;
                leader.offer(i, j, k, a, b, c);
            }
            if (projected[0] == 0) return;
        }
    }

    /** For every unit, how many free units start there along +y, wrapping, at most the y dimension. */
    private static int[] freeRunsAlongY(Occupancy occupancy) {
        TorusShape shape = occupancy.shape();
        int[] run = new int[shape.units()];
        int dimY = shape.y();
        for (int z = 0; z < shape.z(); z++)
            for (int x = 0; x < shape.x(); x++) {
                int blockedAt = -1;
                for (int y = 0; y < dimY && blockedAt < 0; y++)
                    if (!occupancy.isFree(shape.index(x, y, z))) blockedAt = y;
                if (blockedAt < 0) {
                    for (int y = 0; y < dimY; y++) run[shape.index(x, y, z)] = dimY;
                    continue;
                }
                int count = 0;
                for (int step = 0; step < dimY; step++) {
                    int y = Math.floorMod(blockedAt - step, dimY);
                    int unit = shape.index(x, y, z);
                    count = occupancy.isFree(unit) ? count + 1 : 0;
                    run[unit] = count;
                }
            }
        return run;
    }

    /** The best box seen so far: the largest, then the first in {@link Box#SCAN_ORDER} once normalized. */
    private static final class Leader {
        private final TorusShape shape;
        private final int[] best = new int[6];
        private final int[] candidate = new int[6];
        private int volume;

        Leader(TorusShape shape) {
            this.shape = shape;
        }

        void offer(int x, int y, int z, int a, int b, int c) {
            int v = a * b * c;
            if (v < volume) return;
            candidate[0] = a == shape.x() ? 0 : x;
            candidate[1] = b == shape.y() ? 0 : y;
            candidate[2] = c == shape.z() ? 0 : z;
            candidate[3] = a;
            candidate[4] = b;
            candidate[5] = c;
            if (v > volume || Arrays.compare(candidate, best) < 0) {
                System.arraycopy(candidate, 0, best, 0, best.length);
                volume = v;
            }
        }

        Optional<Box> box() {
            return volume == 0 ? Optional.empty() : Optional.of(Box.of(best[0], best[1], best[2], best[3], best[4], best[5]));
        }
    }
}

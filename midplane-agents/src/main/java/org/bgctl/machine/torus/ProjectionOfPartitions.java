package org.bgctl.machine.torus;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The Projection Of Partitions (POP) search of Krevat, Castaños and Moreira (2002, Appendix A): the largest
 * free box of a torus, wrapping around in every dimension, in O(M^5) time on an M x M x M torus.
 *
 * <p>First partition tables give, for every unit, the run of free units starting there along y and along z
 * (wrapping, at most the dimension). Then, for every free base unit, the search grows the box along z one
 * plane at a time; for each depth it keeps, for each x offset, the smallest y run over the planes seen so far
 * (the projection of the planes onto each other), and grows the box along x, the running minimum of those
 * projected runs being the largest y extent that fits. Every (x extent, z extent) pair thus gets its largest
 * y extent at O(1) cost each: O(M^2) per base, O(M^5) in all. Bounds cut the search short: a base is
 * skipped when (x dimension) * (its y run) * (its z run) cannot change the answer, and a box stops deepening
 * when (the largest rectangle at the current depth) * (the z run of the base) cannot.
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
        Leader leader = new Leader(occupancy.shape(), true, 0);
        search(occupancy, leader);
        return leader.box();
    }

    /**
     * Every largest free box, normalized, in {@link Box#SCAN_ORDER}, when there are at most {@code limit} of
     * them; otherwise only their volume.
     */
    static LargestBoxes largestFreeBoxes(Occupancy occupancy, int limit) {
        Leader leader = new Leader(occupancy.shape(), true, 0);
        leader.collectTies(limit);
        search(occupancy, leader);
        return leader.ties();
    }

    /**
     * The largest free boxes of a torus.
     *
     * @param volume   units in each
     * @param boxes    all of them, normalized, in scan order, when {@code complete}; else none
     * @param complete false when there were more than the search was asked to list
     */
    record LargestBoxes(int volume, List<Box> boxes, boolean complete) {
    }

    /** The number of units in the largest free box, 0 if no unit is free. */
    public static int largestFreeSize(Occupancy occupancy) {
        return largestFreeSizeAbove(occupancy, 0);
    }

    /**
     * The larger of {@code floor} and the number of units in the largest free box. Boxes that cannot exceed
     * {@code floor} are not searched, so a good floor makes the search faster.
     */
    static int largestFreeSizeAbove(Occupancy occupancy, int floor) {
        Leader leader = new Leader(occupancy.shape(), false, floor);
        search(occupancy, leader);
        return leader.volume;
    }

    private static void search(Occupancy occupancy, Leader leader) {
        TorusShape shape = occupancy.shape();
        int dimX = shape.x();
        int[] runY = freeRuns(occupancy, shape.y(), dimX);
        int[] runZ = freeRuns(occupancy, shape.z(), dimX * shape.y());
        int[] projected = new int[dimX];
        for (int i = 0; i < dimX; i++)
            for (int j = 0; j < shape.y(); j++)
                for (int k = 0; k < shape.z(); k++) {
                    int base = shape.index(i, j, k);
                    if (leader.couldTake(dimX * runY[base] * runZ[base]))
                        growFrom(shape, runY, runZ[base], projected, leader, i, j, k);
                }
    }

    /**
     * Offers the largest box of every (x extent, z extent) pair based at (i, j, k), deepening along z while a
     * deeper box could still change the answer.
     */
    private static void growFrom(TorusShape shape, int[] runY, int depthLimit, int[] projected, Leader leader,
                                 int i, int j, int k) {
        int dimX = shape.x();
        Arrays.fill(projected, Integer.MAX_VALUE);
        int z = k;
        for (int c = 1; c <= depthLimit; c++) {
            int row = shape.index(0, j, z);
            int b = Integer.MAX_VALUE;
            int widest = 0;
            int x = i;
            for (int a = 1; a <= dimX; a++) {
                projected[a - 1] = Math.min(projected[a - 1], runY[row + x]);
                b = Math.min(b, projected[a - 1]);
                if (b == 0) break;
                widest = Math.max(widest, a * b);
                leader.offer(i, j, k, a, b, c);
                if (++x == dimX) x = 0;
            }
            if (!leader.couldTake(widest * depthLimit)) return;
            if (++z == shape.z()) z = 0;
        }
    }

    /**
     * For every unit, how many free units start there along one dimension (wrapping, at most its length),
     * the dimension given by its length and the distance between the numbers of neighbouring units in it.
     */
    private static int[] freeRuns(Occupancy occupancy, int length, int stride) {
        int[] run = new int[occupancy.shape().units()];
        int lineSpan = stride * length;
        for (int outer = 0; outer < run.length; outer += lineSpan) {
            for (int start = outer; start < outer + stride; start++) {
                int blockedAt = -1;
                for (int step = 0; step < length && blockedAt < 0; step++)
                    if (!occupancy.isFree(start + step * stride)) blockedAt = step;
                if (blockedAt < 0) {
                    for (int step = 0; step < length; step++) run[start + step * stride] = length;
                    continue;
                }
                int count = 0;
                int step = blockedAt;
                for (int back = 0; back < length; back++) {
                    int unit = start + step * stride;
                    count = occupancy.isFree(unit) ? count + 1 : 0;
                    run[unit] = count;
                    step = step == 0 ? length - 1 : step - 1;
                }
            }
        }
        return run;
    }

    /**
     * The best box seen so far. Keeping ties, it holds the largest box first in {@link Box#SCAN_ORDER} once
     * normalized; otherwise only the largest volume above the floor it started with.
     */
    private static final class Leader {
        private final TorusShape shape;
        private final boolean keepsTies;
        private final int[] best = new int[6];
        private final int[] candidate = new int[6];
        private int volume;
        /** When collecting: the distinct boxes of the largest volume so far, normalized; null otherwise. */
        private int[][] ties;
        private int tieCount;
        private boolean tiesOverflowed;

        Leader(TorusShape shape, boolean keepsTies, int floor) {
            this.shape = shape;
            this.keepsTies = keepsTies;
            this.volume = floor;
        }

        /** Collect every box of the largest volume, giving up the list beyond {@code limit} distinct ones. */
        void collectTies(int limit) {
            ties = new int[limit][];
        }

        /** Whether a box of {@code bound} units could change the answer. */
        boolean couldTake(int bound) {
            return keepsTies ? bound >= volume : bound > volume;
        }

        void offer(int x, int y, int z, int a, int b, int c) {
            int v = a * b * c;
            if (!couldTake(v)) return;
            if (keepsTies) {
                candidate[0] = a == shape.x() ? 0 : x;
                candidate[1] = b == shape.y() ? 0 : y;
                candidate[2] = c == shape.z() ? 0 : z;
                candidate[3] = a;
                candidate[4] = b;
                candidate[5] = c;
                if (ties != null) collect(v);
                if (v == volume && Arrays.compare(candidate, best) >= 0) return;
                System.arraycopy(candidate, 0, best, 0, best.length);
            }
            volume = v;
        }

        private void collect(int v) {
            if (v > volume) {
                tieCount = 0;
                tiesOverflowed = false;
            }
            if (tiesOverflowed) return;
            for (int i = 0; i < tieCount; i++) if (Arrays.equals(ties[i], candidate)) return;
            if (tieCount == ties.length) {
                tiesOverflowed = true;
            } else {
                ties[tieCount++] = candidate.clone();
            }
        }

        LargestBoxes ties() {
            if (volume == 0 || tiesOverflowed) return new LargestBoxes(volume, List.of(), volume == 0);
            List<Box> boxes = new ArrayList<>(tieCount);
            for (int i = 0; i < tieCount; i++) {
                int[] t = ties[i];
                boxes.add(Box.of(t[0], t[1], t[2], t[3], t[4], t[5]));
            }
            boxes.sort(Box.SCAN_ORDER);
            return new LargestBoxes(volume, List.copyOf(boxes), true);
        }

        Optional<Box> box() {
            if (volume == 0) return Optional.empty();
            return Optional.of(Box.of(best[0], best[1], best[2], best[3], best[4], best[5]));
        }
    }
}

package org.bgctl.machine.torus;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.bgctl.machine.Dimension;

/**
 * Placement of one job by the maximal-partition heuristic of the FCFS scheduler (Krevat et al. 2002,
 * Scheduler 1): try every shape of the job's size in every free position, and keep the one that leaves the
 * largest free box largest.
 *
 * <p>Scan order: candidates are listed, and ties broken, in {@link Box#SCAN_ORDER} (lowest base by x, y, z,
 * then smallest extent by x, y, z); among candidates leaving equally large free boxes the first wins.
 */
public final class PlacementSearch {

    private PlacementSearch() {
    }

    /**
     * Every free box of exactly {@code size} units: every extent of that volume that fits the torus (each
     * rotation is its own extent), at every base, wrapping around; a dimension an extent spans completely
     * contributes base 0 only. In {@link Box#SCAN_ORDER}; empty when {@code size} is impossible or nothing
     * of that size is free.
     */
    public static List<Box> candidates(Occupancy occupancy, int size) {
        BoxCatalog.Boxes all = BoxCatalog.of(occupancy.shape()).ofVolume(size);
        List<Box> free = new ArrayList<>();
        for (int i = 0; i < all.masks().length; i++)
            if (occupancy.isFree(all.masks()[i])) free.add(all.boxes().get(i));
        return free;
    }

    /** Whether some box of exactly {@code size} units is free. */
    public static boolean hasCandidate(Occupancy occupancy, int size) {
        for (long[] mask : BoxCatalog.of(occupancy.shape()).ofVolume(size).masks())
            if (occupancy.isFree(mask)) return true;
        return false;
    }

    /**
     * The candidate of {@code size} units that leaves the largest free box largest, the first in scan order
     * among equals; empty when no candidate exists. No placement can leave more than the largest free box
     * now, nor more than the free units minus the job, so the scan stops at the first candidate that does.
     */
    public static Optional<Placement> choose(Occupancy occupancy, int size) {
        return choose(occupancy, size, box -> true);
    }

    /**
     * Like {@link #choose(Occupancy, int)}, among the candidates {@code allowed} accepts only (e.g. those that
     * leave room for a reservation).
     *
     * <p>Two shortcuts give the same answer as trying every candidate. A candidate leaves a free box as large as
     * the largest free box now exactly when it misses one of the largest free boxes, so the first such candidate
     * wins outright. Otherwise each candidate is searched; but one that a translation mapping the occupancy onto
     * itself turns into an earlier allowed candidate leaves the same largest free box as that one, so it cannot
     * win and is not searched: on a nearly empty torus most candidates are such copies.
     */
    public static Optional<Placement> choose(Occupancy occupancy, int size, Predicate<Box> allowed) {
        BoxCatalog.Boxes all = BoxCatalog.of(occupancy.shape()).ofVolume(size);
        ProjectionOfPartitions.LargestBoxes largest = ProjectionOfPartitions.largestFreeBoxes(occupancy, LARGEST_LISTED);
        int ceiling = Math.min(largest.volume(), occupancy.freeUnits() - size);
        if (largest.complete() && largest.volume() == occupancy.freeUnits() && !largest.boxes().isEmpty())
            return insideTheFreeBox(occupancy, all, allowed, largest.boxes().get(0));
        if (largest.complete() && largest.volume() == ceiling) {
            Optional<Placement> missingOne = firstMissingALargestBox(occupancy, all, allowed, largest);
            if (missingOne.isPresent()) return missingOne;
            ceiling--;
        }
        return search(occupancy, all, allowed, ceiling);
    }

    /** How many largest free boxes {@link #choose} lists at most; beyond that it searches every candidate. */
    private static final int LARGEST_LISTED = 64;

    private static Optional<Placement> firstMissingALargestBox(Occupancy occupancy, BoxCatalog.Boxes all,
                                                               Predicate<Box> allowed,
                                                               ProjectionOfPartitions.LargestBoxes largest) {
        TorusShape shape = occupancy.shape();
        long[][] largestMasks = new long[largest.boxes().size()][];
        for (int i = 0; i < largestMasks.length; i++) largestMasks[i] = BoxCatalog.mask(shape, largest.boxes().get(i));
        for (int i = 0; i < all.masks().length; i++) {
            long[] mask = all.masks()[i];
            if (!occupancy.isFree(mask) || !missesOne(mask, largestMasks)) continue;
            Box box = all.boxes().get(i);
            if (allowed.test(box)) return Optional.of(new Placement(box, largest.volume()));
        }
        return Optional.empty();
    }

    /**
     * The choice when the free units form one box: a box avoiding the job inside it lies on one side of the job
     * in some dimension, so the largest free box left is the largest of those sides, found without a search.
     */
    private static Optional<Placement> insideTheFreeBox(Occupancy occupancy, BoxCatalog.Boxes all,
                                                        Predicate<Box> allowed, Box free) {
        TorusShape shape = occupancy.shape();
        Placement best = null;
        for (int i = 0; i < all.masks().length; i++) {
            if (!occupancy.isFree(all.masks()[i])) continue;
            Box box = all.boxes().get(i);
            if (!allowed.test(box)) continue;
            int after = largestSideOf(shape, free, box);
            if (best == null || after > best.largestFreeSizeAfter()) best = new Placement(box, after);
        }
        return Optional.ofNullable(best);
    }

    /** The largest box of {@code free} on one side of {@code job}, a box inside it. */
    private static int largestSideOf(TorusShape shape, Box free, Box job) {
        int largest = 0;
        for (Dimension d : Dimension.values()) {
            int length = d.pick(shape.x(), shape.y(), shape.z());
            int extent = free.extent().extent(d);
            int across = free.volume() / extent;
            int taken = job.extent().extent(d);
            if (extent == length) {
                largest = Math.max(largest, (length - taken) * across);
            } else {
                int before = Math.floorMod(job.base().get(d) - free.base().get(d), length);
                largest = Math.max(largest, Math.max(before, extent - before - taken) * across);
            }
        }
        return largest;
    }

    private static boolean missesOne(long[] mask, long[][] boxes) {
        for (long[] box : boxes) {
            boolean overlaps = false;
            for (int w = 0; w < mask.length && !overlaps; w++) overlaps = (mask[w] & box[w]) != 0;
            if (!overlaps) return true;
        }
        return false;
    }

    private static Optional<Placement> search(Occupancy occupancy, BoxCatalog.Boxes all, Predicate<Box> allowed,
                                              int ceiling) {
        Symmetries symmetries = null;
        Placement best = null;
        for (int i = 0; i < all.masks().length; i++) {
            long[] mask = all.masks()[i];
            if (!occupancy.isFree(mask)) continue;
            Box box = all.boxes().get(i);
            if (!allowed.test(box)) continue;
            if (best != null) {
                if (symmetries == null) symmetries = Symmetries.of(occupancy);
                if (symmetries.copiesAnEarlierCandidate(box, allowed)) continue;
            }
            int floor = best == null ? 0 : best.largestFreeSizeAfter();
            int after = ProjectionOfPartitions.largestFreeSizeAbove(occupancy.with(mask), floor);
            if (best == null || after > floor) best = new Placement(box, after);
            if (best.largestFreeSizeAfter() == ceiling) break;
        }
        return Optional.ofNullable(best);
    }

    /**
     * The size a job requesting {@code requested} units is raised to so that it can start now: the smallest
     * size of at least {@code requested} units that some free box has. Empty when none has.
     */
    public static OptionalInt smallestSchedulableSize(Occupancy occupancy, int requested) {
        if (requested < 1) throw new IllegalArgumentException("a requested size must be positive, was " + requested);
        if (requested > occupancy.freeUnits()) return OptionalInt.empty();
        int largest = ProjectionOfPartitions.largestFreeSize(occupancy);
        for (int size = requested; size <= largest; size++)
            if (hasCandidate(occupancy, size)) return OptionalInt.of(size);
        return OptionalInt.empty();
    }
}

package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;

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
        TorusShape shape = occupancy.shape();
        List<Box> free = new ArrayList<>();
        for (Shape extent : shape.extentsOfVolume(size))
            for (Box box : shape.placementsOf(extent))
                if (occupancy.isFree(box)) free.add(box);
        free.sort(Box.SCAN_ORDER);
        return free;
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
     */
    public static Optional<Placement> choose(Occupancy occupancy, int size, Predicate<Box> allowed) {
        int ceiling = Math.min(ProjectionOfPartitions.largestFreeSize(occupancy), occupancy.freeUnits() - size);
        Placement best = null;
        for (Box box : candidates(occupancy, size)) {
            if (!allowed.test(box)) continue;
            int floor = best == null ? 0 : best.largestFreeSizeAfter();
            int after = ProjectionOfPartitions.largestFreeSizeAbove(occupancy.with(box), floor);
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
        int largest = ProjectionOfPartitions.largestFreeSize(occupancy);
        for (int size = requested; size <= largest; size++)
            if (!candidates(occupancy, size).isEmpty()) return OptionalInt.of(size);
        return OptionalInt.empty();
    }
}

package org.bgctl.scheduler.policy.krevat;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.Placement;

/**
 * The reassignment of a migration (Krevat et al. 2002, Scheduler 3): the jobs on the torus, largest
 * first (ties by job id), each get a new box by the FCFS heuristic on a torus emptied of them. A job
 * is never made larger: when one finds no box of its size it keeps the box it has, and the
 * reassignment starts again with it in place.
 *
 * @param occupancy the torus as the reassignment leaves it
 * @param boxes     every tenant's box afterwards, by job id (a kept job's box is its old one)
 */
record Reassignment(Occupancy occupancy, Map<Long, Box> boxes) {

    /** Largest first, ties by job id. */
    static final Comparator<Tenant> ORDER = Comparator.comparingInt(Tenant::size).reversed()
            .thenComparingLong(Tenant::jobId);

    /** The reassignment of {@code tenants} on {@code current}, the torus they occupy. */
    static Reassignment of(Occupancy current, List<Tenant> tenants) {
        return of(current, tenants, new PlacementMemo());
    }

    /** The reassignment of {@code tenants} on {@code current}, with placements remembered in {@code memo}. */
    static Reassignment of(Occupancy current, List<Tenant> tenants, PlacementMemo memo) {
        List<Tenant> order = new ArrayList<>(tenants);
        order.sort(ORDER);
        Occupancy emptied = current;
        for (Tenant t : order) emptied = emptied.without(t.box());
        TreeSet<Long> kept = new TreeSet<>();
        while (true) {
            Occupancy torus = emptied;
            TreeMap<Long, Box> boxes = new TreeMap<>();
            for (Tenant t : order) {
                if (!kept.contains(t.jobId())) continue;
                torus = torus.with(t.box());
                boxes.put(t.jobId(), t.box());
            }
            Occupancy start = torus;
            List<Integer> sizes = new ArrayList<>();
            Tenant stuck = null;
            for (Tenant t : order) {
                if (kept.contains(t.jobId())) continue;
                sizes.add(t.size());
                Optional<Placement> p = memo.place(start, sizes, torus);
                if (p.isEmpty()) {
                    stuck = t;
                    break;
                }
                torus = torus.with(p.get().box());
                boxes.put(t.jobId(), p.get().box());
            }
            if (stuck == null) return new Reassignment(torus, boxes);
            kept.add(stuck.jobId());
        }
    }
}

package org.bgctl.scheduler.policy.krevat;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.Placement;
import org.bgctl.machine.torus.PlacementSearch;

/**
 * Remembered placements of a reassignment: where the FCFS heuristic puts a job of some size after jobs of
 * given sizes were placed, in order, on a given torus. The placements depend on nothing else, and the jobs on
 * the torus change little from one migration attempt to the next, so most of a reassignment is found here
 * rather than searched again. Only looked up by key, never iterated; the oldest entries are forgotten.
 */
final class PlacementMemo {

    /** The torus a reassignment starts from and the sizes placed on it, in order, the last one being placed. */
    private record Key(Occupancy start, List<Integer> sizes) {
    }

    private static final int CAPACITY = 1 << 14;

    private final Map<Key, Optional<Placement>> placements = new LinkedHashMap<>(256, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, Optional<Placement>> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * Where the last of {@code sizes} goes on {@code torus}, which is {@code start} with the earlier sizes
     * placed as this memo placed them.
     */
    Optional<Placement> place(Occupancy start, List<Integer> sizes, Occupancy torus) {
        Key key = new Key(start, List.copyOf(sizes));
        Optional<Placement> p = placements.get(key);
        if (p == null) {
            p = PlacementSearch.choose(torus, sizes.get(sizes.size() - 1));
            placements.put(key, p);
        }
        return p;
    }
}

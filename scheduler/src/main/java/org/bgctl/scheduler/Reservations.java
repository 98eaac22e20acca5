package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import org.bgctl.machine.MachineModel;

/**
 * The reservations of a run, in (start, end, name) order: what a policy sees of them
 * ({@link SchedulingView#reservations()}) and what {@link ReservationGuard} holds every plan to.
 */
public record Reservations(List<Reservation> windows) {

    public static final Reservations NONE = new Reservations(List.of());

    private static final Comparator<Reservation> ORDER = Comparator.comparingLong(Reservation::start)
            .thenComparingLong(Reservation::end).thenComparing(Reservation::name);

    public Reservations {
        List<Reservation> sorted = new ArrayList<>(windows);
        sorted.sort(ORDER);
        windows = List.copyOf(sorted);
    }

    public boolean isEmpty() {
        return windows.isEmpty();
    }

    /** These reservations and {@code r}. */
    public Reservations with(Reservation r) {
        List<Reservation> more = new ArrayList<>(windows);
        more.add(r);
        return new Reservations(more);
    }

    /** These reservations without the one called {@code name} (as they are when there is none). */
    public Reservations without(String name) {
        List<Reservation> fewer = new ArrayList<>(windows);
        fewer.removeIf(r -> r.name().equals(name));
        return new Reservations(fewer);
    }

    /** The units the windows under way at {@code t} keep, each to the name of the first such window. */
    public SortedMap<String, String> unitsActiveAt(long t) {
        SortedMap<String, String> units = new TreeMap<>();
        for (Reservation r : activeAt(t)) for (String u : r.units()) units.putIfAbsent(u, r.name());
        return units;
    }

    /**
     * A copy of {@code machine} on which no new allocation takes a node of the units these windows keep (a window of
     * a node count keeps none), so that what is placed on it keeps off them; null when the machine cannot keep
     * them off.
     */
    public MachineModel keptOff(MachineModel machine) {
        Set<String> units = new LinkedHashSet<>();
        for (Reservation w : windows) units.addAll(w.units());
        return machine.keepingOff(units);
    }

    /** The reservation called {@code name}, or null. */
    public Reservation named(String name) {
        for (Reservation r : windows) if (r.name().equals(name)) return r;
        return null;
    }

    /** The windows that overlap {@code [from, until)}, in order. */
    public List<Reservation> overlapping(long from, long until) {
        List<Reservation> hit = new ArrayList<>();
        for (Reservation r : windows) {
            if (r.start() >= until && until > from) break;
            if (r.overlaps(from, until)) hit.add(r);
        }
        return hit;
    }

    /** The windows that cover the instant {@code t}, in order. */
    public List<Reservation> activeAt(long t) {
        List<Reservation> active = new ArrayList<>();
        for (Reservation r : windows) if (r.activeAt(t)) active.add(r);
        return active;
    }

    /** The first start or end of a window after {@code t}, or {@link Long#MAX_VALUE} when there is none. */
    public long nextBoundaryAfter(long t) {
        long next = Long.MAX_VALUE;
        for (Reservation r : windows) {
            if (r.start() > t) next = Math.min(next, r.start());
            else if (r.end() > t) next = Math.min(next, r.end());
        }
        return next;
    }

    /** Node-seconds the windows keep from jobs, summed (overlapping windows count twice). */
    public long nodeSeconds() {
        long sum = 0;
        for (Reservation r : windows) sum += r.nodeSeconds();
        return sum;
    }
}

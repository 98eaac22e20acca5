package org.bgctl.scheduler;

import java.util.List;
import java.util.Objects;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;

/**
 * A window {@code [start, end)} during which part of the machine is kept from jobs: a maintenance window or a
 * reservation for someone. On a machine of interchangeable nodes it is a node count; elsewhere a set of
 * allocation units (midplanes), and then a job may not hold a node of any of them during the window.
 *
 * @param name  what the window is for, as the reservation file or the API names it
 * @param start first second of the window
 * @param end   first second after it
 * @param nodes the nodes it keeps from jobs
 * @param units the units it keeps, in id order; empty for a node count on interchangeable nodes
 * @param all   whether it takes the whole machine (a maintenance window)
 */
public record Reservation(String name, long start, long end, int nodes, List<String> units, boolean all) {

    public Reservation {
        Objects.requireNonNull(name, "name");
        units = List.copyOf(units);
        if (start < 0) throw new IllegalArgumentException("reservation " + name + ": start " + start + " is negative");
        if (end <= start)
            throw new IllegalArgumentException("reservation " + name + ": end " + end + " is not after start " + start);
        if (nodes <= 0) throw new IllegalArgumentException("reservation " + name + ": reserves no nodes");
    }

    /** Whether the window overlaps {@code [from, until)}; an empty interval overlaps it when it lies inside. */
    public boolean overlaps(long from, long until) {
        return from < end && (until > start || from >= start && until == from);
    }

    /** Whether the window covers the instant {@code t}. */
    public boolean activeAt(long t) {
        return start <= t && t < end;
    }

    /** Whether the window keeps units (rather than a node count). */
    public boolean byUnits() {
        return !units.isEmpty();
    }

    /** Whether {@code allocation} holds nodes of a unit this window keeps. */
    public boolean touches(Allocation allocation) {
        for (Claim c : allocation.claims())
            if (c instanceof NodeClaim n && n.nodes() > 0 && units.contains(n.unit())) return true;
        return false;
    }

    /** Node-seconds the window keeps from jobs. */
    public long nodeSeconds() {
        return (long) nodes * (end - start);
    }
}

package org.bgctl.machine;

import java.util.List;

/**
 * Where a job runs: the claims on each allocation unit, and a printable partition name.
 *
 * @param partition a short human-readable name of the partition (empty on flat machines)
 * @param claims    the units and how many of their nodes the job holds, in unit order
 */
public record Allocation(String partition, List<UnitClaim> claims) {

    public Allocation {
        claims = List.copyOf(claims);
    }

    /** Total nodes held. */
    public int nodes() {
        int n = 0;
        for (UnitClaim c : claims) n += c.nodes();
        return n;
    }
}

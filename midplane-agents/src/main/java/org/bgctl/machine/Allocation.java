package org.bgctl.machine;

import java.util.ArrayList;
import java.util.List;

/**
 * Where a job runs: what each agent holds for it, and the partition's name. The name is
 * canonical: the machine model that made the allocation can rebuild it from the name alone
 * (the journal keeps allocations, and recovery re-applies them).
 *
 * @param partition the partition's canonical name (empty on flat machines)
 * @param claims    what each agent holds: node claims (phase one) before port claims (phase two)
 */
public record Allocation(String partition, List<Claim> claims) {

    public Allocation {
        claims = List.copyOf(claims);
    }

    /** Total nodes held. (Walked by index: C1 code allocates the iterator of a for-each loop.) */
    public int nodes() {
        int n = 0;
        for (int i = 0, size = claims.size(); i < size; i++) if (claims.get(i) instanceof NodeClaim nc) n += nc.nodes();
        return n;
    }

    /**
     * True when the job's nodes were placed as one contiguous block: a single node claim that says
     * so. Communication-intensive jobs run faster on such an allocation.
     */
    public boolean contiguous() {
        NodeClaim only = null;
        for (Claim c : claims) {
            if (!(c instanceof NodeClaim nc)) continue;
            if (only != null) return false;
            only = nc;
        }
        return only != null && only.contiguous();
    }

    /** The claims of one phase, in order. */
    public List<Claim> phase(int phase) {
        List<Claim> of = new ArrayList<>();
        for (Claim c : claims) if (c.phase() == phase) of.add(c);
        return of;
    }
}

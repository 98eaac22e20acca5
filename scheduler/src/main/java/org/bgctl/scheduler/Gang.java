package org.bgctl.scheduler;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.flat.FlatMachine;

/**
 * The core's record of the gang under way: the wide job, the small jobs it preempted and how many of each
 * one's nodes it borrowed. Nodes are interchangeable (flat machines): the wide job takes every free node
 * first, then borrows the rest from the preempted jobs in order. A node thus holds at most one running and
 * one suspended job. When a small job finishes before the wide job, the nodes it lent become the wide job's
 * own and the others are freed; when the wide job finishes, what it took from the free nodes or inherited is
 * freed and the small jobs keep their nodes.
 */
final class Gang {

    final long wide;
    /** Preempted jobs not yet finished, in borrowing order, to the nodes the wide job borrowed from each. */
    final Map<Long, Integer> lent = new LinkedHashMap<>();
    boolean wideStarted;
    boolean wideDone;
    /** Nodes the wide job holds on the machine model: taken free at its start, or inherited from finished jobs. */
    int wideOwn;
    int switches;
    long lastSwitch;
    long penalty;

    Gang(long wide, List<Long> preempted) {
        this.wide = wide;
        for (long job : preempted) lent.put(job, 0);
    }

    /** Spreads {@code nodes} borrowed nodes over the preempted jobs, in order; {@code sizes} gives each one's nodes. */
    void borrow(int nodes, Map<Long, Integer> sizes) {
        int left = nodes;
        for (Map.Entry<Long, Integer> e : lent.entrySet()) {
            int give = Math.min(left, sizes.get(e.getKey()));
            e.setValue(give);
            left -= give;
        }
        if (left > 0)
            throw new IllegalStateException("wide job " + wide + " needs " + left + " more nodes than its preempted jobs "
                    + lent.keySet() + " and the free nodes hold");
    }

    /** Interchangeable nodes of the flat machine. */
    static Allocation nodes(int n) {
        return FlatMachine.allocationOf(n);
    }
}

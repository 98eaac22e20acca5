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
 *
 * <p>On a machine of units (midplanes, supernodes) the wide job runs on a partition of its own: the machine
 * model holds that partition instead of the preempted jobs' allocations while the wide job is active, and the
 * preempted jobs' units stay out of bounds for new jobs ({@code MachineModel.withholding}); when the wide job
 * ends, the unfinished preempted jobs' allocations are held again. {@link #lent} then only keeps their order.
 */
final class Gang {

    final long wide;
    /** Preempted jobs not yet finished, in borrowing order, to the nodes the wide job borrowed from each (flat). */
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

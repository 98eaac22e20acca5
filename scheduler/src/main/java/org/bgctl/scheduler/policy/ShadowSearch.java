package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.RunningJob;

/**
 * The search behind EASY's reservation on a machine of midplanes: the fewest running jobs, in ending order, whose
 * release lets the head's demand fit. Fitting is monotone in the number released (releases only free), so the
 * answer is one number, whatever the order of the probes: a probe of k releases the first k jobs on a copy of the
 * machine with fewer released known not to fit, and narrows the range (lo, hi] where the answer lies.
 */
final class ShadowSearch {
    private final List<RunningJob> ending;
    private final Demand demand;
    private final MachineView now;
    /** The demand does not fit with the first {@code lo} jobs released (found by a probe or by counting nodes). */
    private int lo;
    /** The machine with the first {@link #released} jobs released, {@code released <= lo}; null ({@link #now}) until a probe. */
    private MachineModel base;
    private int released;
    /** The answer is at most this; {@code ending.size() + 1} while no probe fitted. */
    private int hi;
    /** The machine with the first {@link #hi} jobs released, and where the demand fits it; null while none fitted. */
    private MachineModel fitting;
    private Allocation placed;
    /** A machine with the first {@link #preparedAt} jobs released, or null: where probes of as many or more start. */
    private MachineModel prepared;
    private int preparedAt;

    /** A search from {@code now}, on which the demand does not fit; {@code now} is not changed. */
    ShadowSearch(List<RunningJob> ending, Demand demand, MachineView now) {
        this.ending = ending;
        this.demand = demand;
        this.now = now;
        this.hi = ending.size() + 1;
    }

    /**
     * Gives the search a machine with the first {@code k} jobs released ({@code now} changed so), from which a probe of
     * k or more jobs starts instead of releasing them all again. The search takes it as its own: the probe of k jobs
     * is this machine, uncopied, and may come back as {@link #machine()} or in {@link #carried()}.
     */
    void prepare(MachineModel machine, int k) {
        prepared = machine;
        preparedAt = k;
    }

    /**
     * Finds the answer: passes over the jobs whose end cannot free enough nodes (released with the first probe),
     * probes around {@code hint} (a guess of the answer, or -1), then gallops from what is known not to fit and
     * bisects the last stride.
     */
    void run(int hint) {
        int skip = 0;
        for (long free = now.freeNodes(); skip < ending.size() && free < demand.nodes(); skip++)
            free += now.nodesHeldBy(ending.get(skip).allocation());
        lo = Math.max(0, skip - 1);
        if (hint > lo + 1 && hint <= ending.size()) probe(hint - 1);
        if (hint > lo && hint < hi) probe(hint);
        for (int stride = 1; fitting == null && lo + stride <= ending.size(); stride *= 2) probe(lo + stride);
        while (hi - lo > 1) probe((lo + hi) >>> 1);
    }

    /** Tries the first {@code k} jobs released, {@code lo < k < hi}. */
    private void probe(int k) {
        boolean fromPrepared = prepared != null && preparedAt > released && preparedAt <= k;
        MachineModel probe = fromPrepared && preparedAt == k ? prepared
                : (fromPrepared ? prepared : base != null ? base : now).copy();
        if (probe != prepared) probe.releaseAll(allocations(fromPrepared ? preparedAt : released, k));
        Allocation a = EasyBackfill.fit(probe, demand);
        if (a != null) {
            hi = k;
            fitting = probe;
            placed = a;
        } else {
            base = probe;
            released = k;
            lo = k;
        }
    }

    /** The fewest jobs whose release lets the demand fit; {@code ending.size() + 1} when none does. */
    int answer() {
        return hi;
    }

    /** The machine with {@link #answer()} jobs released, or with all released when the demand never fits. */
    MachineModel machine() {
        return fitting != null ? fitting : base == null ? now.copy() : base;
    }

    /**
     * The machine of the last probe that did not fit, to carry to the next reservation, or null when there is none
     * or it is {@link #machine()}; {@link #lo} jobs released on it.
     */
    CarriedProbe carried() {
        return fitting == null || base == null ? null : CarriedProbe.of(base, ending, released);
    }

    /** Where the demand fits {@link #machine()}, or null when it never fits. */
    Allocation placed() {
        return placed;
    }

    /** The allocations of the jobs from {@code from} to {@code to} in ending order. */
    List<Allocation> allocations(int from, int to) {
        List<Allocation> allocations = new ArrayList<>(to - from);
        for (RunningJob r : ending.subList(from, to)) allocations.add(r.allocation());
        return allocations;
    }
}

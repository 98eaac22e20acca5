package org.bgctl.scheduler.policy.pfcfs;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.RunningJob;

/**
 * Rule 3 of preemptive FCFS on a machine of units that are not interchangeable (midplanes with their
 * switches and cables, supernodes): the wide job needs a partition of its own, every unit, switch and cable
 * of which is free or held by a running job of the subset, which is suspended whole. Greedy, as on flat
 * machines ({@link PreemptiveSubset}): a single job whose release lets the wide job's partition fit is taken
 * if there is one (the smallest, ties: lowest job id); else the largest job is set aside (ties: lowest job
 * id) and the search starts again, until the partition fits. The machine's own search places the partition,
 * and the subset is then the jobs set aside or taken that the partition touches (holds a unit, a switch or a
 * cable of), in the order they were set aside: a job set aside that the partition does not need keeps running.
 */
final class PreemptivePartition {

    private static final Comparator<RunningJob> SMALLEST_FIRST =
            Comparator.comparingInt((RunningJob r) -> r.allocation().nodes()).thenComparingLong(RunningJob::id);

    /** A partition for the wide job and the jobs to suspend for it, in the order it takes their parts. */
    record Preemption(Allocation partition, List<RunningJob> preempted) {
    }

    private PreemptivePartition() {
    }

    /**
     * Where {@code wide} runs by preempting some of {@code candidates} on {@code machine} (which it leaves
     * unchanged), or null when even all of them together do not make room.
     */
    static Preemption choose(MachineModel machine, Demand wide, Collection<RunningJob> candidates) {
        List<RunningJob> bySize = new ArrayList<>(candidates);
        bySize.sort(SMALLEST_FIRST);
        List<RunningJob> setAside = new ArrayList<>();
        MachineModel without = machine.copy();
        while (true) {
            Allocation fits = without.place(wide);
            if (fits != null) return preemption(fits, setAside);
            for (RunningJob cover : bySize) {
                MachineModel tried = without.copy();
                tried.release(cover.allocation());
                Allocation p = tried.place(wide);
                if (p != null) {
                    List<RunningJob> taken = new ArrayList<>(setAside);
                    taken.add(cover);
                    return preemption(p, taken);
                }
            }
            if (bySize.isEmpty()) return null;
            RunningJob largest = bySize.remove(largestAt(bySize));
            setAside.add(largest);
            without.release(largest.allocation());
        }
    }

    /** The index of the largest job of {@code bySize} (smallest first): the first of the largest size. */
    private static int largestAt(List<RunningJob> bySize) {
        int last = bySize.size() - 1;
        int nodes = bySize.get(last).allocation().nodes();
        int at = last;
        while (at > 0 && bySize.get(at - 1).allocation().nodes() == nodes) at--;
        return at;
    }

    private static Preemption preemption(Allocation partition, List<RunningJob> taken) {
        Set<String> units = new HashSet<>();
        for (Claim c : partition.claims()) units.add(c.unit());
        List<RunningJob> touched = new ArrayList<>();
        for (RunningJob r : taken) {
            for (Claim c : r.allocation().claims()) {
                if (units.contains(c.unit())) {
                    touched.add(r);
                    break;
                }
            }
        }
        return new Preemption(partition, touched);
    }
}

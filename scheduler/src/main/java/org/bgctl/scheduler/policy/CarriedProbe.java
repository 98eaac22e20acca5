package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.RunningJob;

/**
 * A machine of a reservation's search with the first jobs in ending order released — that is, holding the jobs that
 * end after them — carried to the next reservation. The jobs ending after the shadow time change little between
 * passes (a few end early, a few start), so the machine with the first k jobs of the next pass's ending order
 * released is this one changed by the difference: the jobs it holds that are not among them released, those among
 * them it does not hold allocated. Only while no component is down, on this machine or the one planned on: a
 * running partition may hold a component that failed under it, and could not be allocated again.
 */
final class CarriedProbe {
    private final MachineModel machine;
    /** The running jobs whose allocations {@link #machine} holds, in ending order. */
    private List<RunningJob> held;

    /** Carries {@code machine}, which holds the allocations of {@code held} (and no others) and has nothing down. */
    private CarriedProbe(MachineModel machine, List<RunningJob> held) {
        this.machine = machine;
        this.held = held;
    }

    /**
     * Carries {@code machine}, on which the jobs before {@code released} in {@code ending} are released (it holds
     * those from {@code released} on); null when a component is down on it, as nothing is then carried.
     */
    static CarriedProbe of(MachineModel machine, List<RunningJob> ending, int released) {
        if (!machine.downComponents().isEmpty()) return null;
        return new CarriedProbe(machine, new ArrayList<>(ending.subList(released, ending.size())));
    }

    /**
     * This machine changed to hold exactly the jobs of {@code ending} from {@code from} on — as {@code now}, which
     * holds every job of {@code ending}, with the first {@code from} released — or null, leaving it unchanged, when
     * a component is down on {@code now}. The machine returned is this one's: once it is changed otherwise, drop this.
     */
    MachineModel releasedBefore(List<RunningJob> ending, int from, MachineView now) {
        if (!now.downComponents().isEmpty()) return null;
        List<RunningJob> wanted = ending.subList(from, ending.size());
        // Both lists are in ending order: one walk pairs the jobs of both, and what is left of either is what
        // changed. A job whose estimated end moved meanwhile is left in both; the pairing by id below keeps it.
        List<RunningJob> released = new ArrayList<>();
        List<RunningJob> added = new ArrayList<>();
        int i = 0;
        int j = 0;
        while (i < held.size() && j < wanted.size()) {
            RunningJob h = held.get(i);
            RunningJob w = wanted.get(j);
            if (h.id() == w.id()) {
                if (!sameAllocation(h, w)) {
                    released.add(h);
                    added.add(w);
                }
                i++;
                j++;
            } else if (RunningJob.ESTIMATED_END_ORDER.compare(h, w) < 0) {
                released.add(held.get(i++));
            } else {
                added.add(wanted.get(j++));
            }
        }
        released.addAll(held.subList(i, held.size()));
        added.addAll(wanted.subList(j, wanted.size()));
        keepUnmoved(released, added);
        List<Allocation> freed = new ArrayList<>(released.size());
        for (RunningJob r : released) freed.add(r.allocation());
        machine.releaseAll(freed);
        for (RunningJob r : added) machine.allocate(r.allocation());
        held = new ArrayList<>(wanted);
        return machine;
    }

    /** Drops from both lists each job that is in both on the same allocation: the machine keeps it as it is. */
    private static void keepUnmoved(List<RunningJob> released, List<RunningJob> added) {
        for (Iterator<RunningJob> it = released.iterator(); it.hasNext(); ) {
            RunningJob h = it.next();
            for (int k = 0; k < added.size(); k++) {
                RunningJob w = added.get(k);
                if (w.id() == h.id()) {
                    if (sameAllocation(h, w)) {
                        it.remove();
                        added.remove(k);
                    }
                    break;
                }
            }
        }
    }

    private static boolean sameAllocation(RunningJob a, RunningJob b) {
        return a.allocation() == b.allocation() || a.allocation().equals(b.allocation());
    }
}

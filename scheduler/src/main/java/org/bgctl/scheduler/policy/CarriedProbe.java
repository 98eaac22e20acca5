package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
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
    MachineModel releasedBefore(List<RunningJob> ending, int from, MachineModel now) {
        if (!now.downComponents().isEmpty()) return null;
        Map<Long, Allocation> wanted = new HashMap<>();
        for (RunningJob r : ending.subList(from, ending.size())) wanted.put(r.id(), r.allocation());
        Map<Long, Allocation> kept = new HashMap<>();
        List<Allocation> released = new ArrayList<>();
        for (RunningJob r : held) {
            Allocation a = wanted.get(r.id());
            if (a != null && (a == r.allocation() || a.equals(r.allocation()))) kept.put(r.id(), a);
            else released.add(r.allocation());
        }
        machine.releaseAll(released);
        for (RunningJob r : ending.subList(from, ending.size()))
            if (!kept.containsKey(r.id())) machine.allocate(r.allocation());
        held = new ArrayList<>(ending.subList(from, ending.size()));
        return machine;
    }
}

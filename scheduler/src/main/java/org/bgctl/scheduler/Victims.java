package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineModel;

/**
 * The running jobs the failure of a component kills, in job-id order.
 *
 * <p>Where allocations name what they take (BG/L midplanes and switch ports): every job holding a
 * claim that overlaps one of the component's. On a machine of interchangeable nodes (flat) allocations are node counts, so the
 * nodes are laid out in a canonical packing: the running jobs in (start, job id) order hold the up
 * nodes in index order, each as many consecutive ones as it has nodes, and the rest are free. A node
 * kills the job whose nodes include its place among the up nodes ({@link MachineModel#upRank}), or none
 * when that place is free — so a node drawn at random kills a job with the probability that the
 * machine is in use.
 */
public final class Victims {

    private Victims() {
    }

    /**
     * @throws IllegalArgumentException when the machine has no such component
     */
    public static List<RunningJob> of(MachineModel machine, String component, Collection<RunningJob> running) {
        List<Claim> parts = machine.componentClaims(component);
        List<RunningJob> victims = new ArrayList<>();
        if (machine.interchangeable()) {
            RunningJob holder = holder(machine.upRank(component), running);
            if (holder != null) victims.add(holder);
            return victims;
        }
        for (RunningJob r : running) if (holds(r, parts)) victims.add(r);
        victims.sort(Comparator.comparingLong(RunningJob::id));
        return victims;
    }

    /**
     * The running jobs that still hold part of {@code component}, which must then not fail: those whose
     * claims overlap it where allocations name their parts; none on a flat machine, whose allocations
     * are counts — there a node may go down while a node is free (the machine's {@code setHealth} checks).
     *
     * @throws IllegalArgumentException when the machine has no such component
     */
    public static List<RunningJob> holding(MachineModel machine, String component, Collection<RunningJob> running) {
        if (machine.interchangeable()) {
            machine.componentClaims(component);
            return List.of();
        }
        return of(machine, component, running);
    }

    /** The job whose nodes include the up node of rank {@code rank} in the packing, or null. */
    private static RunningJob holder(int rank, Collection<RunningJob> running) {
        if (rank < 0) return null;
        List<RunningJob> packed = new ArrayList<>(running);
        packed.sort(RunningJob.START_ORDER);
        long first = 0;
        for (RunningJob r : packed) {
            first += r.allocation().nodes();
            if (rank < first) return r;
        }
        return null;
    }

    private static boolean holds(RunningJob r, List<Claim> parts) {
        for (Claim held : r.allocation().claims())
            for (Claim part : parts) if (held.overlaps(part)) return true;
        return false;
    }
}

package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;

/**
 * Holds a policy's plan to the run's reservations, whatever the policy. A job may start now only if, by its
 * estimate (and the boot delay), it is done before any window it overlaps begins, or holds none of that window's
 * units, or — on interchangeable nodes — leaves the window its node count at every window start within its run,
 * counting the running jobs still running then (by estimate) and the jobs started before it in this pass. Since
 * a job's estimate is never below its run time, no job then holds reserved nodes during a window.
 *
 * <p>A start that breaks this is placed again, away from the units of the windows it overlaps, if it can be
 * (the policy placed it without knowing how long it would run); else it is withheld and the job stays queued.
 * The plan's other starts stand, those placed where a moved start now is excepted. A plan that migrates jobs or
 * switches a gang is carried out whole or, when a move or a start would break a window, not at all. A migration
 * that moves no running job (attempted in vain, or re-placing only the starts of the pass) is dropped when a start
 * is withheld or placed again: its figures were those of a machine with the planned starts, and it is not journaled.
 */
public final class ReservationGuard {

    private ReservationGuard() {
    }

    /** What of {@code plan} may be carried out at {@code view.now()} under {@code view.reservations()}. */
    public static Plan admit(Plan plan, SchedulingView view) {
        Reservations windows = view.reservations();
        if (windows.isEmpty() || plan.isEmpty()) return plan;
        boolean whole = plan.moves() || plan.contextSwitch().isPresent();
        if (plan.moves() && !movesAllowed(plan.migration().get(), view, windows)) return Plan.of(List.of());
        List<RunningJob> admitted = new ArrayList<>();
        List<Start> starts = new ArrayList<>();
        // the machine as the admitted starts leave it, once a start is placed again (until then the policy's plan holds)
        MachineModel machine = null;
        for (Start s : plan.starts()) {
            RunningJob r = running(view, s.job(), s.allocation());
            Start start = s;
            if (!allows(view, windows, admitted, r) || machine != null && !machine.isFree(s.allocation())) {
                if (whole) return Plan.of(List.of());
                if (machine == null) machine = leftBy(view, starts);
                start = elsewhere(view, windows, admitted, machine, s.job());
                if (start == null) continue;
                r = running(view, start.job(), start.allocation());
            }
            if (machine != null) machine.allocate(start.allocation());
            admitted.add(r);
            starts.add(start);
        }
        // a migration that moves no running job re-placed only the planned starts: with them changed it did nothing
        return starts.equals(plan.starts()) ? plan : Plan.of(starts);
    }

    /**
     * The first of {@code starts}, in order, up to the first that a window holds back: for a policy that starts
     * jobs in queue order only, whose head a window holds back holds back the rest (placed as {@link #admit}
     * places them).
     */
    public static List<Start> inOrder(List<Start> starts, SchedulingView view) {
        if (view.reservations().isEmpty()) return starts;
        List<Start> admitted = admit(Plan.of(starts), view).starts();
        int same = 0;
        while (same < admitted.size() && admitted.get(same).job().equals(starts.get(same).job())) same++;
        return admitted.subList(0, same);
    }

    /**
     * Whether {@code job}, started now after {@code admitted} (each as it will run), keeps every window it
     * overlaps, its block's free time after its end included.
     */
    static boolean allows(SchedulingView view, Reservations windows, List<RunningJob> admitted, RunningJob job) {
        long now = view.now();
        long until = Math.max(TimeBounds.plus(job.estimatedEnd(), view.blockFreeTime()), now);
        Allocation a = job.allocation();
        TreeSet<Long> checkpoints = new TreeSet<>();
        for (Reservation w : windows.overlapping(now, until)) {
            if (w.byUnits()) {
                if (w.touches(a)) return false;
            } else {
                checkpoints.add(Math.max(w.start(), now));
            }
        }
        int capacity = view.machine().capacity();
        for (long t : checkpoints) {
            long used = a.nodes() + heldAt(view.runningByEstimatedEnd(), t) + heldAt(admitted, t);
            if (used > capacity - keptAt(windows, t)) return false;
        }
        return true;
    }

    /** The nodes the node-count windows of {@code windows} keep at {@code t}. */
    static long keptAt(Reservations windows, long t) {
        long kept = 0;
        for (Reservation w : windows.activeAt(t)) if (!w.byUnits()) kept += w.nodes();
        return kept;
    }

    /** The nodes {@code jobs} hold at {@code t}: those of the jobs still running then by their estimates. */
    static long heldAt(Collection<RunningJob> jobs, long t) {
        long held = 0;
        for (RunningJob j : jobs) if (j.estimatedEnd() > t) held += j.allocation().nodes();
        return held;
    }

    /**
     * {@code job} started now on a place free on {@code machine} and outside the units of the windows it overlaps,
     * or null when there is none.
     */
    private static Start elsewhere(SchedulingView view, Reservations windows, List<RunningJob> admitted,
                                   MachineModel machine, Job job) {
        long held = TimeBounds.plus(TimeBounds.plus(view.now(), view.bootDelay(job.demand())), job.estimate(),
                view.blockFreeTime());
        long until = Math.max(held, view.now());
        MachineModel away = new Reservations(windows.overlapping(view.now(), until)).keptOff(machine);
        if (away == null) return null;
        Allocation a = away.place(job.demand());
        if (a == null) return null;
        return allows(view, windows, admitted, running(view, job, a)) ? new Start(job, a) : null;
    }

    /** The view's machine with {@code starts} allocated. */
    private static MachineModel leftBy(SchedulingView view, List<Start> starts) {
        MachineModel machine = view.machine().copy();
        for (Start s : starts) machine.allocate(s.allocation());
        return machine;
    }

    private static boolean movesAllowed(Migration migration, SchedulingView view, Reservations windows) {
        for (Move m : migration.moves()) {
            RunningJob r = null;
            for (RunningJob j : view.runningByEstimatedEnd()) if (j.id() == m.jobId()) r = j;
            if (r == null) throw new IllegalStateException("job " + m.jobId() + " moves but does not run");
            long until = TimeBounds.plus(Math.max(r.estimatedEnd(), view.now()), m.cost());
            for (Reservation w : windows.overlapping(view.now(), until))
                if (w.byUnits() && w.touches(m.to())) return false;
        }
        return true;
    }

    private static RunningJob running(SchedulingView view, Job job, Allocation allocation) {
        return new RunningJob(job, view.now(), allocation, view.bootDelay(job.demand(), allocation));
    }
}

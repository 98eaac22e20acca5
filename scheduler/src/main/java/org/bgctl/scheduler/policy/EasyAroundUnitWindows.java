package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Reservations;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.TimeBounds;

/**
 * EASY backfilling on a machine of allocation units (midplanes, supernodes, node sets) when windows keep units:
 * every placement keeps off the units of the windows the job's run (by its estimate) overlaps; the blocked head is
 * reserved at the first instant — now, an estimated end of a running or started job, or a window's end — at which
 * a place free then stays clear of the windows for the head's whole estimate; later jobs start when they fit now
 * clear of their windows and either end (by estimate) by that instant or leave the head's place free then.
 *
 * <p>Without windows {@link EasyBackfill} plans alone; with them this is its plan, and {@code ReservationGuard}
 * still checks every start.
 */
final class EasyAroundUnitWindows {

    private EasyAroundUnitWindows() {
    }

    static List<Start> decide(SchedulingView view) {
        List<Job> queue = view.queue();
        if (queue.isEmpty()) return List.of();
        Around now = new Around(view.machine().copy(), view.reservations());
        List<Start> starts = new ArrayList<>();
        int next = 0;
        for (; next < queue.size(); next++) {
            Job job = queue.get(next);
            Allocation a = now.place(job, view.now(), end(view, view.now(), job), null);
            if (a == null) break;
            now.allocate(a);
            starts.add(new Start(job, a));
        }
        if (next == queue.size()) return starts;
        Shadow shadow = reserve(queue.get(next), view, starts);
        for (int i = next + 1; i < queue.size(); i++) {
            Job job = queue.get(i);
            long end = end(view, view.now(), job);
            boolean past = end > shadow.time;
            Allocation a = now.place(job, view.now(), end, past ? shadow.future : null);
            if (a == null) continue;
            if (past) shadow.future.allocate(a);
            now.allocate(a);
            starts.add(new Start(job, a));
        }
        return starts;
    }

    /** The estimated end of {@code job} started at {@code t}: its block's boot and its estimate after it. */
    private static long end(SchedulingView view, long t, Job job) {
        return TimeBounds.plus(t, view.bootDelay(job.demand()), job.estimate());
    }

    /**
     * The head's reserved start ({@code time}) and the machine as it will be then, the head placed; a head that
     * fits at no instant gets {@code Long.MAX_VALUE} and a machine nothing can conflict with.
     */
    private record Shadow(long time, MachineModel future) {
    }

    private static Shadow reserve(Job head, SchedulingView view, List<Start> starts) {
        List<RunningJob> ending = new ArrayList<>(view.runningByEstimatedEnd());
        for (Start s : starts)
            ending.add(new RunningJob(s.job(), view.now(), s.allocation(), view.bootDelay(s.job().demand())));
        ending.sort(RunningJob.ESTIMATED_END_ORDER);
        TreeSet<Long> instants = new TreeSet<>();
        instants.add(view.now());
        for (RunningJob r : ending) instants.add(Math.max(r.estimatedEnd(), view.now()));
        for (Reservation w : view.reservations().windows()) if (w.byUnits() && w.end() > view.now()) instants.add(w.end());
        MachineModel at = view.machine().copy();
        for (Start s : starts) at.allocate(s.allocation());
        int released = 0;
        for (long t : instants) {
            List<Allocation> ended = new ArrayList<>();
            for (; released < ending.size() && Math.max(ending.get(released).estimatedEnd(), view.now()) <= t; released++)
                ended.add(ending.get(released).allocation());
            at.releaseAll(ended);
            if (at.freeNodes() < head.demand().nodes()) continue;
            Allocation a = new Around(at, view.reservations()).place(head, t, end(view, t, head), null);
            if (a != null) {
                MachineModel future = at.copy();
                future.allocate(a);
                return new Shadow(t, future);
            }
        }
        return new Shadow(Long.MAX_VALUE, at);
    }

    /**
     * A machine and, per set of windows, a copy of it with the units those windows keep marked down: a job is
     * placed on the copy for the windows its run overlaps. The copies are made again after each allocation (a
     * job clear of one window's time may hold that window's units, which its copy has down).
     */
    private static final class Around {
        private final MachineModel machine;
        private final Reservations windows;
        private final Map<List<Reservation>, MachineModel> kept = new LinkedHashMap<>();

        Around(MachineModel machine, Reservations windows) {
            this.machine = machine;
            this.windows = windows;
        }

        /**
         * A place for {@code job} running over {@code [from, until)}, clear of the units of the windows it overlaps
         * and, when {@code alsoFreeOn} is given, free on that machine too; null when there is none.
         */
        Allocation place(Job job, long from, long until, MachineModel alsoFreeOn) {
            if (machine.freeNodes() < job.demand().nodes()) return null;
            List<Reservation> overlapping = new ArrayList<>();
            for (Reservation w : windows.overlapping(from, Math.max(until, from))) if (w.byUnits()) overlapping.add(w);
            MachineModel on = overlapping.isEmpty() ? machine
                    : kept.computeIfAbsent(overlapping, w -> new Reservations(w).keptOff(machine));
            if (on == null) return null;
            if (alsoFreeOn == null) return on.place(job.demand());
            return on.placeAlsoFreeOn(job.demand(), alsoFreeOn);
        }

        void allocate(Allocation a) {
            machine.allocate(a);
            kept.clear();
        }
    }
}

package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;

/**
 * EASY (aggressive) backfilling. FCFS first; then the blocked head job gets a reservation at
 * the shadow time — the earliest estimated end of a running job at which it fits — and later
 * jobs start out of order when they fit now and either end (by estimate) by the shadow time
 * or leave the head's reservation intact. On a flat machine the second test is the classic
 * "fits within the extra nodes": the nodes free at the shadow time minus the head's size,
 * used up by each backfilled job that runs past the shadow time.
 */
public final class EasyBackfill implements Policy {

    private static final Comparator<RunningJob> BY_ESTIMATED_END =
            Comparator.comparingLong(RunningJob::estimatedEnd).thenComparingLong(RunningJob::id);

    @Override
    public String name() {
        return "easy";
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        MachineModel now = view.machine().copy();
        List<Job> queue = view.queue();
        List<Start> starts = Fcfs.startHeads(queue, now);
        if (starts.size() == queue.size()) return starts;

        Job head = queue.get(starts.size());
        Reservation reservation = reserve(head, view, starts, now);
        for (Job job : queue.subList(starts.size() + 1, queue.size())) {
            Allocation a = now.place(new Demand(job.size()));
            if (a == null) continue;
            if (view.now() + view.bootDelay() + job.estimate() <= reservation.shadow()) {
                now.allocate(a);
                starts.add(new Start(job, a));
            } else if (reservation.future().isFree(a)) {
                now.allocate(a);
                reservation.future().allocate(a);
                starts.add(new Start(job, a));
            }
        }
        return starts;
    }

    /**
     * The head's reservation: the machine as it will be at the shadow time (every job
     * estimated to end by then released, the head placed), and the shadow time itself.
     */
    private record Reservation(long shadow, MachineModel future) {
    }

    private static Reservation reserve(Job head, SchedulingView view, List<Start> starts, MachineModel now) {
        // Jobs started in this pass end (by estimate) at now + boot delay + estimate; merge them, in
        // (estimated end, job id) order, with the running jobs, which come in that order.
        List<RunningJob> started = new ArrayList<>(starts.size());
        for (Start s : starts) started.add(new RunningJob(s.job(), view.now(), s.allocation(), view.bootDelay()));
        started.sort(BY_ESTIMATED_END);

        MachineModel future = now.copy();
        Demand demand = new Demand(head.size());
        long shadow = Long.MAX_VALUE;
        Iterator<RunningJob> running = view.runningByEstimatedEnd().iterator();
        RunningJob nextRunning = running.hasNext() ? running.next() : null;
        int nextStarted = 0;
        while (nextRunning != null || nextStarted < started.size()) {
            RunningJob r;
            if (nextRunning == null || (nextStarted < started.size()
                    && BY_ESTIMATED_END.compare(started.get(nextStarted), nextRunning) < 0)) {
                r = started.get(nextStarted++);
            } else {
                r = nextRunning;
                nextRunning = running.hasNext() ? running.next() : null;
            }
            long end = Math.max(r.estimatedEnd(), view.now());
            if (end > shadow) break;
            future.release(r.allocation());
            if (shadow == Long.MAX_VALUE && future.place(demand) != null) shadow = end;
        }
        Allocation headAt = future.place(demand);
        if (headAt != null) future.allocate(headAt);
        return new Reservation(shadow, future);
    }
}

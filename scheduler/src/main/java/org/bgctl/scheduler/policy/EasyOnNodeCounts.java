package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.TimeBounds;

/**
 * EASY backfilling where every node is alike ({@link MachineModel#interchangeable()}): the textbook
 * algorithm on node counts. The head's reservation is the shadow time — the earliest estimated end
 * of a running job by which enough nodes are free for it — and the extra nodes, those free at the
 * shadow time (every job estimated to end by then released) beyond the head's. Later jobs, in queue
 * order, start when they fit now and either end by the shadow time or fit within the extra nodes,
 * which a job running past the shadow time uses up.
 *
 * <p>It decides exactly what {@link EasyBackfill}'s general walk over partitions decides on such a
 * machine, without copying the machine for every what-if.
 *
 * <p>A pass that starts nothing is remembered ({@link Walked}): while the machine and the running jobs stay as they
 * were ({@link SchedulingView#version()}), the head stays and jobs are only queued after those it weighed, the jobs
 * it weighed still cannot start, so the next pass weighs only the jobs queued since. They could start again only
 * if the head's reservation changed, and it is the same while no running job's estimated end has passed (the
 * reservation takes an estimated end already passed as now). So one instance serves one scheduler.
 */
final class EasyOnNodeCounts {

    private Walked walked;

    List<Start> decide(SchedulingView view) {
        MachineModel now = view.machine().copy();
        List<Job> queue = view.queue();
        List<Start> starts = startHeads(queue, now);
        if (starts.size() == queue.size()) {
            walked = null;
            return starts;
        }
        Job head = queue.get(starts.size());
        int from = starts.isEmpty() && walked != null && walked.stillBlocks(view, head) ? walked.queued
                : starts.size() + 1;
        Shadow reservation = null;
        long extra = 0;
        // with fewer nodes free than any waiting job asks for, no later job fits: the walk stops
        int fewest = view.fewestNodesWaiting();
        // by position: the queue is the core's array list, and a pass walks it at every instant (it does not change
        // during the pass)
        for (int i = from, queued = queue.size(); i < queued; i++) {
            int free = now.freeNodes();
            if (free < fewest) break;
            Job job = queue.get(i);
            int nodes = job.size();
            if (nodes > free) continue;
            if (reservation == null) {
                reservation = reserve(head.demand().nodes(), view, starts, free);
                extra = reservation.extraNodes();
            }
            if (TimeBounds.plus(view.now(), view.bootDelay(), job.estimate()) > reservation.time()) {
                if (nodes > extra) continue;
                extra -= nodes;
            }
            Allocation a = now.place(job.demand());
            now.allocate(a);
            starts.add(new Start(job, a));
        }
        walked = starts.isEmpty() ? new Walked(view.version(), head.id(), queue.get(queue.size() - 1), queue.size())
                : null;
        return starts;
    }

    /**
     * {@link Fcfs#startHeads} on node counts: the jobs at the head of {@code queue} start on {@code now} while they fit,
     * taken by position and their sizes compared with the free nodes, so that a head that does not fit, as at most
     * passes, is turned away without an iterator or its demand.
     */
    private static List<Start> startHeads(List<Job> queue, MachineModel now) {
        List<Start> starts = new ArrayList<>();
        for (int i = 0, queued = queue.size(); i < queued && queue.get(i).size() <= now.freeNodes(); i++) {
            Job job = queue.get(i);
            Allocation a = now.place(job.demand());
            now.allocate(a);
            starts.add(new Start(job, a));
        }
        return starts;
    }

    /**
     * The head's shadow time and extra nodes, given the nodes {@code free} now (after this pass's
     * starts): jobs are released in (estimated end, job id) order until the head fits; every job
     * ending by that time is released too. When the head never fits the shadow time is
     * {@link Long#MAX_VALUE} (no job runs past it).
     */
    private static Shadow reserve(int headNodes, SchedulingView view, List<Start> starts, int free) {
        Iterator<RunningJob> running = view.runningByEstimatedEnd().iterator();
        RunningJob[] startedNow = new RunningJob[starts.size()];
        for (int i = 0; i < startedNow.length; i++) {
            Start s = starts.get(i);
            startedNow[i] = new RunningJob(s.job(), view.now(), s.allocation(), view.bootDelay());
        }
        if (startedNow.length > 1) Arrays.sort(startedNow, RunningJob.ESTIMATED_END_ORDER);
        // the two in (estimated end, job id) order, each job's estimated end worked out once
        int started = 0;
        RunningJob nextRunning = running.hasNext() ? running.next() : null;
        long runningEnd = nextRunning == null ? 0 : nextRunning.estimatedEnd();
        RunningJob nextStarted = startedNow.length > 0 ? startedNow[0] : null;
        long startedEnd = nextStarted == null ? 0 : nextStarted.estimatedEnd();
        long shadow = Long.MAX_VALUE;
        long available = free;
        while (nextRunning != null || nextStarted != null) {
            boolean takeRunning = nextStarted == null || nextRunning != null && (runningEnd < startedEnd
                    || runningEnd == startedEnd && nextRunning.id() < nextStarted.id());
            RunningJob r = takeRunning ? nextRunning : nextStarted;
            long end = Math.max(takeRunning ? runningEnd : startedEnd, view.now());
            if (available >= headNodes && end > shadow) break;
            available += r.allocation().nodes();
            if (available >= headNodes && shadow == Long.MAX_VALUE) shadow = end;
            if (takeRunning) {
                nextRunning = running.hasNext() ? running.next() : null;
                if (nextRunning != null) runningEnd = nextRunning.estimatedEnd();
            } else {
                nextStarted = ++started < startedNow.length ? startedNow[started] : null;
                if (nextStarted != null) startedEnd = nextStarted.estimatedEnd();
            }
        }
        return new Shadow(shadow, available - headNodes);
    }

    /** The head's reserved start and the nodes free then beyond its own. */
    private record Shadow(long time, long extraNodes) {
    }

    /**
     * A pass that started nothing: the version it saw, its head, the last job of its queue and the queue's length.
     */
    private record Walked(long version, long head, Job last, int queued) {

        /**
         * Whether every job this pass weighed still cannot start in {@code view}, whose blocked head is {@code head}:
         * nothing changed on the machine, the same head, jobs queued only after this pass's last, and no running
         * job's estimated end has passed.
         */
        boolean stillBlocks(SchedulingView view, Job head) {
            if (version != view.version() || this.head != head.id()) return false;
            List<Job> queue = view.queue();
            if (queue.size() < queued || queue.get(queued - 1) != last) return false;
            Iterator<RunningJob> running = view.runningByEstimatedEnd().iterator();
            return !running.hasNext() || running.next().estimatedEnd() >= view.now();
        }
    }
}

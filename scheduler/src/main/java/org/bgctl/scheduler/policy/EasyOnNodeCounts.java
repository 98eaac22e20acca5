package org.bgctl.scheduler.policy;

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
 */
final class EasyOnNodeCounts {

    private EasyOnNodeCounts() {
    }

    static List<Start> decide(SchedulingView view) {
        MachineModel now = view.machine().copy();
        List<Job> queue = view.queue();
        List<Start> starts = Fcfs.startHeads(queue, now);
        if (starts.size() == queue.size()) return starts;
        Job head = queue.get(starts.size());
        Shadow reservation = null;
        long extra = 0;
        // with fewer nodes free than any waiting job asks for, no later job fits: the walk stops
        int fewest = view.fewestNodesWaiting();
        // by position: the queue is the core's array list, and a pass walks it at every instant (it does not change
        // during the pass)
        for (int i = starts.size() + 1, queued = queue.size(); i < queued; i++) {
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
}

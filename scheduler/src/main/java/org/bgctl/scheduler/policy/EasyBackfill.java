package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.PriorityQueue;
import java.util.Set;
import java.util.function.BiConsumer;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.DemandQueue;
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
 * used up by each backfilled job that runs past the shadow time. On a machine of midplanes the
 * reservation is the head's partition on that future machine, so its shape counts: a backfilled job
 * that runs past the shadow time takes the best partition that is free now and also free there.
 *
 * <p>A pass that starts nothing is remembered: the next pass on the same machine and running jobs
 * ({@link SchedulingView#version()}) with the same head reuses its reservation and what it found
 * had no room, and only weighs what is new. So one instance serves one scheduler.
 */
public final class EasyBackfill implements Policy {

    private Memo memo;
    private final EasyOnNodeCounts onNodeCounts = new EasyOnNodeCounts();
    /** The head of the last reservation found, and the job whose end let it fit: where the next search starts. */
    private long shadowOf = -1;
    private long shadowJob = -1;
    /** The machine of the last reservation's search with the jobs before the shadow job released, or null. */
    private CarriedProbe carried;

    @Override
    public String name() {
        return "easy";
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        if (view.machine().interchangeable())
            return view.reservations().isEmpty() ? onNodeCounts.decide(view) : EasyAroundWindows.decide(view);
        if (!view.reservations().isEmpty()) return EasyAroundUnitWindows.decide(view);
        List<Job> queue = view.queue();
        if (queue.isEmpty()) return List.of();
        // The last pass started nothing and nothing has changed since: the head is still blocked, and that
        // pass's reservation and findings still hold.
        boolean unchanged = memo != null && memo.version == view.version() && memo.head == queue.get(0).id();
        PassMachine now = new PassMachine(view.machine());
        List<Start> starts = unchanged || now.read().place(queue.get(0).demand()) == null ? new ArrayList<>()
                : Fcfs.startHeads(queue, now.write());
        if (starts.size() == queue.size()) return starts;

        Job head = queue.get(starts.size());
        // The head's reservation is worked out when a later job first fits now (until then nothing was
        // backfilled, so `now` is as the heads left it); on a full machine it is seldom needed.
        Reservation reservation = unchanged ? memo.reservation : null;
        // The walk allocates on the reservation's machine only as it starts a job, and a pass that starts one keeps
        // no memo: it is the pass's own.
        MachineModel future = reservation == null ? null : reservation.future();
        // Both machines only fill during the walk: a demand that found no room will find none in this pass. The pass
        // takes over the memo's sets uncopied: at its end it replaces the memo, by one holding them or by none.
        Set<Demand> noRoom = unchanged ? memo.noRoom : new HashSet<>();
        Set<Demand> noRoomPastShadow = unchanged ? memo.noRoomPastShadow : new HashSet<>();
        // The jobs that waited at that pass are still blocked (both machines only fill and the shadow time comes no
        // nearer), so when every job queued since comes after them only those need weighing.
        Job after = unchanged && onlyAppendedSince(memo, queue) ? memo.last : head;
        // Later jobs in queue order, merged from their demands' groups: a demand that finds no room is
        // dropped with all its jobs, so a long queue of jobs that cannot start costs little.
        // A demand of more nodes than are free now finds no room in this pass either: it is passed over unweighed.
        PriorityQueue<Group> groups = new PriorityQueue<>();
        // Walked by forEach: an unmodifiable map's entry set wraps every entry it gives, and C1 code allocates each.
        view.queueByDemand().forEach(new Grouping(view, now.read().freeNodes(), noRoom, noRoomPastShadow, reservation,
                after, groups));
        for (Group g; (g = groups.poll()) != null; ) {
            Job job = g.job;
            Demand demand = g.demand;
            Allocation a = fit(now.read(), demand);
            if (a == null) {
                noRoom.add(demand);
                continue;
            }
            if (reservation == null) {
                reservation = reserve(head, view, starts, now.read());
                future = reservation.future();
            }
            if (pastShadow(job, view, reservation)) {
                if (!future.isFree(a)) a = now.read().placeAlsoFreeOn(demand, future);
                if (a == null) {
                    noRoomPastShadow.add(demand);
                    g.maxEstimate = longestBeforeShadow(view, reservation, demand);
                } else {
                    future.allocate(a);
                }
            }
            if (a != null) {
                now.write().allocate(a);
                starts.add(new Start(job, a));
            }
            if (g.advance()) groups.add(g);
        }
        memo = starts.isEmpty()
                ? new Memo(view.version(), head.id(), queue.get(queue.size() - 1), queue.size(), reservation, noRoom,
                noRoomPastShadow)
                : null;
        return starts;
    }

    /**
     * Whether the queue has only grown since the memo's pass, by jobs after its last one: that job is where it was.
     * (Without a start or an end no job leaves the queue.)
     */
    private static boolean onlyAppendedSince(Memo memo, List<Job> queue) {
        int at = Collections.binarySearch(queue, memo.last, Job.QUEUE_ORDER);
        return at == memo.queued - 1;
    }

    /**
     * The machine a pass plans on: the live machine, only read, until the pass first starts a job; from then on a copy
     * of it, which the pass allocates on. Most passes start nothing, and so copy nothing.
     */
    private static final class PassMachine {
        private final MachineView live;
        private MachineModel copy;

        PassMachine(MachineView live) {
            this.live = live;
        }

        /** The machine as the pass has left it so far, to search. */
        MachineView read() {
            return copy != null ? copy : live;
        }

        /** The pass's own copy of the machine, to allocate on. */
        MachineModel write() {
            if (copy == null) copy = live.copy();
            return copy;
        }
    }

    /**
     * Puts each demand's jobs after a job in {@code groups}, but for demands that find no room in this pass: of more
     * nodes than are free, or known to find none. A class rather than a lambda: C1 code makes a capturing lambda
     * through method handles, and this runs every pass.
     */
    private record Grouping(SchedulingView view, int free, Set<Demand> noRoom, Set<Demand> noRoomPastShadow,
                            Reservation reservation, Job after, PriorityQueue<Group> groups)
            implements BiConsumer<Demand, DemandQueue> {
        @Override
        public void accept(Demand demand, DemandQueue jobs) {
            if (demand.nodes() > free || noRoom.contains(demand)) return;
            Group g = new Group(demand, jobs, jobs.after(after));
            if (noRoomPastShadow.contains(demand)) g.maxEstimate = longestBeforeShadow(view, reservation, demand);
            if (g.advance()) groups.add(g);
        }
    }

    /** The waiting jobs of one demand, in queue order, as a stream ordered by its current job. */
    private static final class Group implements Comparable<Group> {
        final Demand demand;
        final DemandQueue jobs;
        /** The position in {@link #jobs} of the next job to look at. */
        int next;
        /**
         * The longest estimate a job of the group may have to start: unbounded, or, once the demand has room
         * now but not past the shadow time, the longest that ends by then. Longer jobs are passed over.
         */
        long maxEstimate = Long.MAX_VALUE;
        Job job;

        Group(Demand demand, DemandQueue jobs, int from) {
            this.demand = demand;
            this.jobs = jobs;
            this.next = from;
        }

        /** Moves to the next job that may start; false when there is none. */
        boolean advance() {
            next = jobs.nextWithin(next, maxEstimate);
            job = next < jobs.size() ? jobs.get(next++) : null;
            return job != null;
        }

        @Override
        public int compareTo(Group other) {
            return Job.QUEUE_ORDER.compare(job, other.job);
        }
    }

    /** Whether {@code job}, started now, would still run (by estimate) at the head's reserved start. */
    private static boolean pastShadow(Job job, SchedulingView view, Reservation reservation) {
        return job.estimate() > longestBeforeShadow(view, reservation, job.demand());
    }

    /** The longest estimate of a job asking {@code demand} that, started now, ends by the head's reserved start. */
    private static long longestBeforeShadow(SchedulingView view, Reservation reservation, Demand demand) {
        return reservation.shadow() - view.now() - view.bootDelay(demand);
    }

    /**
     * What a pass that started nothing worked out — the reservation, if it was needed, and the demands
     * that found no room — valid while the machine and running jobs stay as they were; and the queue's last
     * job and length at that pass.
     */
    private record Memo(long version, long head, Job last, int queued, Reservation reservation, Set<Demand> noRoom,
                        Set<Demand> noRoomPastShadow) {
    }

    /**
     * The head's reservation: the machine as it will be at the shadow time (every job
     * estimated to end by then released, the head placed), and the shadow time itself.
     */
    private record Reservation(long shadow, MachineModel future) {
    }

    /**
     * The head's reservation. The head does not fit now and fits no worse as jobs end: the fewest jobs (in ending
     * order) whose end lets it fit are searched from where the last reservation of the same head found them, the
     * job whose end let it fit then, as jobs seldom change their order of ending between passes.
     */
    private Reservation reserve(Job head, SchedulingView view, List<Start> starts, MachineView now) {
        List<RunningJob> ending = endingOrder(view, starts);
        Demand demand = head.demand();
        ShadowSearch search = new ShadowSearch(ending, demand, now);
        int hint = head.id() == shadowOf ? positionOf(ending, shadowJob) + 1 : -1;
        MachineModel prepared = hint > 1 && carried != null ? carried.releasedBefore(ending, hint - 1, now) : null;
        if (prepared != null) search.prepare(prepared, hint - 1);
        search.run(hint);
        carried = search.carried();
        MachineModel fitting = search.machine();
        Allocation headAt = search.placed();
        if (headAt == null) return new Reservation(Long.MAX_VALUE, fitting);
        int hi = search.answer();
        shadowOf = head.id();
        shadowJob = ending.get(hi - 1).id();
        // `fitting` has the first `hi` jobs released; jobs ending at the shadow time too are released as well.
        long shadow = Math.max(ending.get(hi - 1).estimatedEnd(), view.now());
        int end = hi;
        while (end < ending.size() && Math.max(ending.get(end).estimatedEnd(), view.now()) <= shadow) end++;
        if (end > hi) {
            fitting.releaseAll(search.allocations(hi, end));
            headAt = fitting.place(demand);
        }
        fitting.allocate(headAt);
        return new Reservation(shadow, fitting);
    }

    /** Where the job {@code id} is in {@code jobs}, or -2 when it is not there. */
    private static int positionOf(List<RunningJob> jobs, long id) {
        for (int i = 0; i < jobs.size(); i++) if (jobs.get(i).id() == id) return i;
        return -2;
    }

    /** Where the demand fits {@code machine}, or null. */
    static Allocation fit(MachineView machine, Demand demand) {
        return machine.freeNodes() >= demand.nodes() ? machine.place(demand) : null;
    }

    /**
     * The running jobs and those started in this pass (ending, by estimate, at now + boot delay + estimate), in
     * (estimated end, job id) order.
     */
    private static List<RunningJob> endingOrder(SchedulingView view, List<Start> starts) {
        Collection<RunningJob> running = view.runningByEstimatedEnd();
        List<RunningJob> ending = new ArrayList<>(running.size() + starts.size());
        ending.addAll(running);
        // The running jobs come in ending order: each job started in this pass goes in at its place.
        for (Start s : starts) {
            RunningJob r = new RunningJob(s.job(), view.now(), s.allocation(), view.bootDelay(s.job().demand()));
            ending.add(-Collections.binarySearch(ending, r, RunningJob.ESTIMATED_END_ORDER) - 1, r);
        }
        return ending;
    }
}

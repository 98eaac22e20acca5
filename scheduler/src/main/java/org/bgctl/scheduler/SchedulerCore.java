package org.bgctl.scheduler;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.scheduler.event.BlockBooted;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.bgctl.scheduler.policy.Policy;

/**
 * The scheduler's state — queue, running jobs, machine — and the one way to change it:
 * {@link #apply(SchedulerEvent)}. Both executors (the actors and the direct one) drive the
 * same core, so they reach the same decisions.
 */
public final class SchedulerCore implements SchedulingView {

    private final Policy policy;
    private final MachineModel machine;
    private final ArrayList<Job> queue = new ArrayList<>();
    private final List<Job> queueView = Collections.unmodifiableList(queue);
    /**
     * The queue by demand; its iteration order (demands by first entry) never decides anything. Kept only once a
     * policy has asked for it ({@link #queueByDemand()}): a policy on node counts never does, and keeping it costs a
     * hash of the demand at every arrival and start.
     */
    private final Map<Demand, DemandQueue> byDemand = new LinkedHashMap<>();
    private final Map<Demand, DemandQueue> byDemandView = Collections.unmodifiableMap(byDemand);
    private boolean byDemandKept;
    private final JobIdMap<Job> queuedById = new JobIdMap<>();
    private final QueuedSizes queuedSizes;
    private final RunningOrder byEstimatedEnd = new RunningOrder(RunningOrder.Time.ESTIMATED_END);
    private final RunningOrder byEnd = new RunningOrder(RunningOrder.Time.END);
    /** Blocks of finished jobs being freed, by job id and by (until, job id). */
    private final TreeMap<Long, Deallocation> freeing = new TreeMap<>();
    private final TreeSet<Deallocation> freeingByUntil = new TreeSet<>(Deallocation.UNTIL_ORDER);
    /** With block reuse, the booted blocks of finished jobs kept ready, by the id of the job that last ran on them. */
    private final TreeMap<Long, ReadyBlock> ready = new TreeMap<>();
    /** With the boot model, the jobs whose block boots and will be ready, by (boot end, job id). */
    private final RunningOrder booting = new RunningOrder(RunningOrder.Time.BOOT_END);
    /**
     * The orders every running job is in, and all the orders: walked in a loop, so that the compiler inlines one copy of
     * the insertion and of the deletion into {@link #apply}, where a call per order inlined a copy per order.
     */
    private final RunningOrder[] endOrders = {byEstimatedEnd, byEnd};
    private final RunningOrder[] orders = {byEstimatedEnd, byEnd, booting};
    private final JobIdMap<RunningJob> running = new JobIdMap<>();
    /** Jobs checkpointed by the migration being applied, until their JobMigrated. */
    private final TreeMap<Long, RunningJob> checkpointed = new TreeMap<>();
    private final long bootDelay;
    /** How long blocks boot and whether a boot fails. */
    private final BootModel boots;
    private final KillPolicy onKill;
    /** How many times a job may be requeued after a kill; killed once more, it fails. */
    private final int maxRequeues;
    /** The jobs requeued so far and how many times, by id; a job's entry goes when it ends or is cancelled. */
    private final TreeMap<Long, Integer> requeued = new TreeMap<>();
    /** Jobs suspended by a context switch, with when they were suspended; they keep their nodes. */
    private final TreeMap<Long, Suspension> suspended = new TreeMap<>();
    /** The gang under way (preemptive FCFS), or null. */
    private Gang gang;
    /** The queue's head job, and since when it is the head. */
    private long headId = -1;
    private long headSince = Long.MIN_VALUE;
    /** The last end of a job of each size, in nodes asked. */
    private final TreeMap<Integer, Long> lastEndBySize = new TreeMap<>();
    private long now = Long.MIN_VALUE;
    private long version;
    private Reservations reservations = Reservations.NONE;

    /** A core whose jobs run from the instant they are started; a job a failed component kills is requeued. */
    public SchedulerCore(Policy policy, MachineModel machine) {
        this(policy, machine, 0);
    }

    /**
     * A core that requeues the jobs a failed component kills ({@link KillPolicy#REQUEUE}, the default of
     * replays and of the live server).
     *
     * @param bootDelay seconds between a job's start event and the start of its run; the job holds
     *                  its partition meanwhile (Krevat et al. 2002 use 1 s)
     */
    public SchedulerCore(Policy policy, MachineModel machine, long bootDelay) {
        this(policy, machine, bootDelay, KillPolicy.REQUEUE);
    }

    /**
     * @param bootDelay as above
     * @param onKill    what becomes of a job killed by a failed component
     */
    public SchedulerCore(Policy policy, MachineModel machine, long bootDelay, KillPolicy onKill) {
        this(policy, machine, bootDelay, onKill, Integer.MAX_VALUE);
    }

    /**
     * @param bootDelay   as above
     * @param onKill      what becomes of a job killed by a failed component
     * @param maxRequeues with {@link KillPolicy#REQUEUE}: a job already requeued this many times fails when it is
     *                    killed again
     */
    public SchedulerCore(Policy policy, MachineModel machine, long bootDelay, KillPolicy onKill, int maxRequeues) {
        this(policy, machine, bootDelay, onKill, maxRequeues, BootModel.NONE);
    }

    /**
     * @param bootDelay   as above
     * @param onKill      what becomes of a job killed by a failed component, or whose block failed to boot
     * @param maxRequeues as above
     * @param boots       how long a job's block boots (after the boot delay) and whether the boot fails
     */
    public SchedulerCore(Policy policy, MachineModel machine, long bootDelay, KillPolicy onKill, int maxRequeues,
                         BootModel boots) {
        if (bootDelay < 0) throw new IllegalArgumentException("the boot delay must not be negative, was " + bootDelay);
        if (maxRequeues < 0)
            throw new IllegalArgumentException("the most requeues must not be negative, was " + maxRequeues);
        this.policy = policy;
        this.machine = machine;
        this.queuedSizes = new QueuedSizes(machine.capacity());
        this.bootDelay = bootDelay;
        this.boots = boots;
        this.onKill = onKill;
        this.maxRequeues = maxRequeues;
    }

    public Policy policy() {
        return policy;
    }

    @Override public long now() { return now; }
    @Override public List<Job> queue() { return queueView; }
    @Override public int fewestNodesWaiting() { return queuedSizes.fewest(); }
    @Override
    public Map<Demand, DemandQueue> queueByDemand() {
        if (!byDemandKept) {
            byDemandKept = true;
            for (Job job : queue) keepByDemand(job);
        }
        return byDemandView;
    }
    /** The running jobs, and the blocks being freed as jobs that end when they are free, by (estimated end, job id). */
    @Override
    public Collection<RunningJob> runningByEstimatedEnd() {
        if (freeing.isEmpty()) return byEstimatedEnd;
        List<RunningJob> all = new ArrayList<>(byEstimatedEnd);
        for (Deallocation d : freeingByUntil) all.add(d.asRunning());
        all.sort(RunningJob.ESTIMATED_END_ORDER);
        return Collections.unmodifiableList(all);
    }
    @Override public MachineModel machine() { return machine; }
    @Override public long version() { return version; }
    @Override public long bootDelay() { return bootDelay; }
    @Override public long bootDelay(Demand demand) { return TimeBounds.plus(bootDelay, boots.seconds(demand.nodes())); }

    @Override public long blockFreeTime() { return boots.reuse() ? 0 : boots.free(); }

    @Override
    public long bootDelay(Demand demand, Allocation a) {
        if (readyBlock(a) != null) return 0;
        long freeFirst = readyOverlapping(a).isEmpty() ? 0 : boots.free();
        return TimeBounds.plus(freeFirst, bootDelay, boots.seconds(a.nodes()));
    }

    /** How long blocks boot and whether a boot fails. */
    public BootModel boots() {
        return boots;
    }
    @Override public Reservations reservations() { return reservations; }

    /** From now on, every plan is held to {@code windows} (which replace those held before). */
    public void reserve(Reservations windows) {
        reservations = windows;
    }

    /**
     * Why {@code r} cannot be placed at {@code time} (never before now: its name is taken, it has ended by then, the
     * scheduler preempts, or running jobs hold its nodes during it), naming the field at fault, or empty when it can.
     */
    public Optional<Refusal> refusal(Reservation r, long time) {
        long at = Math.max(time, now);
        if (reservations.named(r.name()) != null)
            return Optional.of(new Refusal("name", "reservation '" + r.name() + "' exists already"));
        if (r.end() <= at) return Optional.of(new Refusal("end", "reservation '" + r.name() + "' ends at "
                + r.end() + ", not after now (" + at + ")"));
        Optional<String> preempting = Policies.reservationRefusal(policy.name());
        if (preempting.isPresent()) return Optional.of(new Refusal("scheduler", preempting.get()));
        return heldDuring(r, at).map(why -> new Refusal("what", why));
    }

    /**
     * Why running jobs would keep {@code r} from being kept, placed at {@code at}: one holds a unit it keeps past the
     * window's start by its estimate, or, for a node count, the running jobs still running by their estimates when it
     * or a window of nodes within it starts leave too few nodes; empty when they do not. A window is a promise that
     * no job holds its nodes during it, and a running job is not moved.
     */
    private Optional<String> heldDuring(Reservation r, long at) {
        long from = Math.max(r.start(), at);
        Collection<RunningJob> holding = runningByEstimatedEnd();
        if (r.byUnits()) {
            for (RunningJob j : holding) {
                // a running job's block is freed after its end; a block being freed is held until it is free
                long until = freeing.containsKey(j.id()) ? j.estimatedEnd()
                        : TimeBounds.plus(j.estimatedEnd(), blockFreeTime());
                if (until > from && r.touches(j.allocation()))
                    return Optional.of("reservation '" + r.name() + "' keeps nodes that job " + j.id() + " holds until "
                            + until + " by its estimate, after the window starts at " + from);
            }
            return Optional.empty();
        }
        Reservations with = reservations.with(r);
        TreeSet<Long> starts = new TreeSet<>(List.of(from));
        for (Reservation w : with.overlapping(from, r.end())) if (!w.byUnits() && w.start() > from) starts.add(w.start());
        for (long t : starts) {
            long reserved = ReservationGuard.keptAt(with, t);
            long used = ReservationGuard.heldAt(holding, t);
            if (used > Math.max(0, machine.capacity() - reserved)) // windows that overlap keep the machine at most
                return Optional.of("reservation '" + r.name() + "' needs " + r.nodes() + (r.nodes() == 1 ? " node" : " nodes")
                        + " at " + t
                        + ", when running jobs hold " + used + " of " + machine.capacity() + " by their estimates"
                        + (reserved > r.nodes() ? " and windows keep " + (reserved - r.nodes()) + " more" : ""));
        }
        return Optional.empty();
    }

    @Override
    public Optional<GangView> gang() {
        if (gang == null) return Optional.empty();
        boolean smallRunning = false;
        List<Allocation> smallAllocations = new ArrayList<>(gang.lent.size());
        for (long j : gang.lent.keySet()) {
            smallRunning |= running.containsKey(j);
            smallAllocations.add(holding(j).allocation());
        }
        return Optional.of(new GangView(gang.wide, gang.wideStarted, running.containsKey(gang.wide), gang.wideDone,
                List.copyOf(gang.lent.keySet()), smallRunning, gang.switches, gang.lastSwitch, smallAllocations));
    }

    /** The running or suspended job {@code jobId}. */
    private RunningJob holding(long jobId) {
        RunningJob r = running.get(jobId);
        return r != null ? r : suspended.get(jobId).job;
    }

    /** The jobs suspended by a context switch, in job-id order: they keep their allocations. */
    public List<RunningJob> suspendedJobs() {
        List<RunningJob> jobs = new ArrayList<>(suspended.size());
        for (Suspension s : suspended.values()) jobs.add(s.job);
        return jobs;
    }

    /**
     * The nodes the wide job of the gang under way shares with the small jobs of its gang that have not finished:
     * on interchangeable nodes those it borrowed of each, in borrowing order; on whole units, every unit both
     * hold. Empty when there is no gang or the wide job has not started.
     */
    public List<GangLoan> gangLoans() {
        if (gang == null || !gang.wideStarted || gang.wideDone) return List.of();
        List<GangLoan> loans = new ArrayList<>();
        for (Claim w : holding(gang.wide).allocation().claims()) {
            if (!(w instanceof NodeClaim wide)) continue;
            for (Map.Entry<Long, Integer> lent : gang.lent.entrySet()) {
                if (machine.interchangeable()) {
                    loans.add(new GangLoan(wide.unit(), gang.wide, lent.getKey(), lent.getValue()));
                    continue;
                }
                for (Claim c : holding(lent.getKey()).allocation().claims())
                    if (c instanceof NodeClaim small && small.unit().equals(wide.unit()))
                        loans.add(new GangLoan(wide.unit(), gang.wide, lent.getKey(), Math.min(wide.nodes(), small.nodes())));
            }
        }
        return loans;
    }

    @Override
    public long headSince() {
        return headSince;
    }

    @Override
    public long lastEndOfJobsOfAtLeast(int nodes) {
        long last = Long.MIN_VALUE;
        for (long t : lastEndBySize.tailMap(nodes, true).values()) last = Math.max(last, t);
        return last;
    }

    /**
     * The next instant something is due: a job's real end, or a time the policy asked to be woken at (a
     * preemption's start delay running out, a gang's next context switch); {@link Long#MAX_VALUE} when none.
     */
    public long nextEventTime() {
        long wakeup = policy.nextWakeup(this);
        // a window that ends may let waiting jobs start
        long window = queue.isEmpty() ? Long.MAX_VALUE : reservations.nextBoundaryAfter(now);
        long booted = booting.firstTime();
        long freed = freeingByUntil.isEmpty() ? Long.MAX_VALUE : freeingByUntil.first().until();
        return Math.min(Math.min(Math.min(nextFinishTime(), Math.min(booted, freed)), window),
                wakeup > now ? wakeup : Long.MAX_VALUE);
    }

    /** Number of running jobs. */
    public int runningCount() {
        return running.size();
    }

    /** The running job with this id, or null. */
    public RunningJob running(long jobId) {
        return running.get(jobId);
    }

    /** Whether the job with this id is queued. */
    public boolean isQueued(long jobId) {
        return queuedById.containsKey(jobId);
    }

    /** The wide job that job {@code jobId} is suspended for, if a context switch stopped it. */
    public OptionalLong suspendedFor(long jobId) {
        return suspended.containsKey(jobId) && gang != null ? OptionalLong.of(gang.wide) : OptionalLong.empty();
    }

    /** Moves the clock forward to {@code t} (never back). */
    public void advanceTo(long t) {
        if (t > now) now = t;
    }

    /** The policy's plan for the current instant. */
    public Plan plan() {
        if (!checkpointed.isEmpty())
            throw new IllegalStateException("jobs " + checkpointed.keySet() + " are checkpointed and not yet migrated");
        return ReservationGuard.admit(policy.plan(this), this);
    }

    /**
     * The event that starts {@code start} now, after the boot delay and its block's boot; it names the midplane
     * whose boot fails, if the boot model draws one. On a ready block that is exactly its allocation, the job starts
     * without a boot (reused); after ready blocks it overlaps are freed ({@link #startEvents}), it boots once their
     * free time has passed.
     */
    public JobStarted started(Start start) {
        long jobId = start.job().id();
        Allocation a = start.allocation();
        if (readyBlock(a) != null) return new JobStarted(jobId, now, a, 0, null, 0, true, true);
        boolean preempting = gang != null && gang.wide == jobId && !gang.wideStarted;
        return new JobStarted(jobId, now, a, bootDelay(start.job().demand(), a) + (preempting ? gang.penalty : 0),
                boots.failingMidplane(jobId, now, a), blockFreeTime(), false, boots.reuse());
    }

    /**
     * What starting {@code start} now brings, not yet applied: a {@link BlockFreed} for each ready block its
     * allocation overlaps without being it, in job-id order, then its {@link #started} event.
     */
    public List<JobEvent> startEvents(Start start) {
        if (ready.isEmpty()) return List.of(started(start));
        List<JobEvent> events = new ArrayList<>();
        for (ReadyBlock b : readyOverlapping(start.allocation())) events.add(new BlockFreed(b.jobId(), now));
        events.add(started(start));
        return events;
    }

    /** The ready block that is exactly {@code a}, or null. */
    private ReadyBlock readyBlock(Allocation a) {
        for (ReadyBlock b : ready.values()) if (b.is(a)) return b;
        return null;
    }

    /** The ready blocks {@code a} takes part of without being them, in job-id order. */
    private List<ReadyBlock> readyOverlapping(Allocation a) {
        if (ready.isEmpty()) return List.of();
        List<ReadyBlock> overlapping = new ArrayList<>();
        for (ReadyBlock b : ready.values()) if (!b.is(a) && b.overlaps(a)) overlapping.add(b);
        return overlapping;
    }

    /** The booted blocks of finished jobs kept ready for reuse, by the id of the job that last ran on them. */
    public Collection<ReadyBlock> readyBlocks() {
        return Collections.unmodifiableCollection(ready.values());
    }

    /** The earliest real end of a running job, or {@link Long#MAX_VALUE} when none runs. */
    public long nextFinishTime() {
        return byEnd.firstTime();
    }

    /** The {@link BlockFreed} of every block of a finished job freed by {@code t}, in (until, job id) order. */
    public List<BlockFreed> blocksFreedDue(long t) {
        if (freeingByUntil.isEmpty() || freeingByUntil.first().until() > t) return List.of();
        List<BlockFreed> due = new ArrayList<>();
        for (Deallocation d : freeingByUntil) {
            if (d.until() > t) break;
            due.add(new BlockFreed(d.jobId(), t));
        }
        return due;
    }

    /** The block of finished job {@code jobId} while it is being freed, or null. */
    public Deallocation freeing(long jobId) {
        return freeing.get(jobId);
    }

    /** With the boot model, the {@link BlockBooted} of every block whose boot ends by {@code t}, in (boot end, job id) order. */
    public List<BlockBooted> bootsDue(long t) {
        if (booting.firstTime() > t) return List.of();
        List<BlockBooted> due = new ArrayList<>();
        for (RunningJob r : booting) {
            if (r.bootEnd() > t) break;
            due.add(new BlockBooted(r.id(), t));
        }
        return due;
    }

    /**
     * The ends due by {@code t}, in (end, job id) order, not yet applied: a {@link JobFinished} for a job that ran,
     * a {@link BootFailed} for one whose block failed to boot, followed by its {@link JobRequeued} when it may be
     * requeued (as a job a failed component kills).
     */
    public List<JobEvent> finishesDue(long t) {
        if (byEnd.firstTime() > t) return List.of();
        // most instants end one job: room for it and a requeue, not the ten of a list grown from empty
        List<JobEvent> due = new ArrayList<>(2);
        for (RunningJob r : byEnd) {
            if (r.end() > t) break;
            if (r.bootFailure() == null) {
                due.add(new JobFinished(r.id(), t));
                continue;
            }
            due.add(new BootFailed(r.id(), t, r.bootFailure()));
            if (mayRequeue(r.id())) due.add(new JobRequeued(r.job(), t));
        }
        return due;
    }

    private boolean mayRequeue(long jobId) {
        return onKill == KillPolicy.REQUEUE && requeued.getOrDefault(jobId, 0) < maxRequeues;
    }

    /**
     * What the failure of {@code component} at {@code t} brings, not yet applied: a {@link BlockFreed} for each
     * ready block it strikes, in job-id order, then a {@link JobKilled}
     * for each running job it kills ({@link Victims}), in job-id order, each followed by its
     * {@link JobRequeued} when the kill policy requeues and the job was requeued fewer than {@code maxRequeues}
     * times (else it fails there), then {@link ComponentFailed}; nothing when the
     * component is already down.
     *
     * @throws IllegalArgumentException when the machine has no such component
     */
    public List<SchedulerEvent> failure(String component, long t) {
        List<RunningJob> victims = Victims.of(machine, component, byEnd);
        if (machine.downComponents().contains(component)) return List.of();
        List<SchedulerEvent> events = new ArrayList<>();
        List<RunningJob> readyAsJobs = new ArrayList<>(ready.size());
        for (ReadyBlock b : ready.values()) readyAsJobs.add(b.asRunning());
        for (RunningJob b : Victims.of(machine, component, readyAsJobs)) events.add(new BlockFreed(b.id(), t));
        for (RunningJob r : victims) {
            events.add(new JobKilled(r.id(), t, component));
            if (mayRequeue(r.id())) events.add(new JobRequeued(r.job(), t));
        }
        events.add(new ComponentFailed(component, t));
        return events;
    }

    /**
     * What killing every running job at {@code t} brings, not yet applied: for each, in job-id order, a
     * {@link JobKilled} naming {@code cause} and its {@link JobRequeued}, whatever the kill policy — for a
     * server started again whose jobs did not survive its stop.
     */
    public List<SchedulerEvent> requeueAllRunning(String cause, long t) {
        List<SchedulerEvent> events = new ArrayList<>();
        for (RunningJob r : running.byId()) {
            events.add(new JobKilled(r.id(), t, cause));
            events.add(new JobRequeued(r.job(), t));
        }
        return events;
    }

    /** What becomes of a job killed by a failed component. */
    public KillPolicy onKill() {
        return onKill;
    }

    /**
     * What the repair of {@code component} at {@code t} brings, not yet applied: {@link ComponentRepaired}
     * when it is down, else nothing.
     *
     * @throws IllegalArgumentException when the machine has no such component
     */
    public List<SchedulerEvent> repair(String component, long t) {
        machine.componentClaims(component);
        return machine.downComponents().contains(component) ? List.of(new ComponentRepaired(component, t)) : List.of();
    }

    /** Applies one event to the state. */
    public void apply(SchedulerEvent event) {
        advanceTo(event.time());
        if (event instanceof JobSubmitted s) {
            enqueue(s.job());
            noteHead();
            return;
        }
        if (event instanceof JobRequeued q) {
            enqueue(q.job());
            requeued.merge(q.jobId(), 1, Integer::sum);
            return;
        }
        version++;
        if (event instanceof JobStarted s) {
            start(s);
        } else if (event instanceof JobFinished f) {
            if (boots.reuse() && gang == null) keepReady(stop(f.jobId()));
            else if (boots.free() > 0 && gang == null) deallocate(leave(f.jobId()));
            else stop(f.jobId());
            requeued.remove(f.jobId());
        } else if (event instanceof JobKilled k) {
            stop(k.jobId());
        } else if (event instanceof BlockFreed b) {
            Deallocation d = freeing.remove(b.jobId());
            if (d != null) {
                freeingByUntil.remove(d);
                machine.release(d.allocation());
            } else if (ready.remove(b.jobId()) == null) {
                throw new IllegalStateException("job " + b.jobId() + "'s block is freed but was neither being freed"
                        + " nor ready");
            }
        } else if (event instanceof BlockBooted b) {
            RunningJob r = running.get(b.jobId());
            if (r == null || !booting.delete(r))
                throw new IllegalStateException("job " + b.jobId() + "'s block booted but was not booting");
        } else if (event instanceof BootFailed b) {
            RunningJob r = running.remove(b.jobId());
            if (r == null) throw new IllegalStateException("job " + b.jobId() + " failed to boot but does not hold a block");
            byEstimatedEnd.delete(r);
            byEnd.delete(r);
            release(r);
        } else if (event instanceof JobCancelled c) {
            if (running.containsKey(c.jobId())) stop(c.jobId());
            else dequeue(c.jobId());
            requeued.remove(c.jobId());
        } else if (event instanceof ComponentFailed f) {
            machine.setHealth(f.component(), false);
        } else if (event instanceof ComponentRepaired r) {
            machine.setHealth(r.component(), true);
        } else if (event instanceof JobCheckpointed c) {
            checkpoint(c);
        } else if (event instanceof JobMigrated m) {
            restart(m);
        } else if (event instanceof ContextSwitched c) {
            contextSwitch(c);
        } else if (event instanceof ReservationPlaced p) {
            if (reservations.named(p.name()) != null)
                throw new IllegalStateException("reservation '" + p.name() + "' is placed twice");
            reservations = reservations.with(p.reservation());
        } else if (event instanceof ReservationCancelled c) {
            if (reservations.named(c.name()) == null)
                throw new IllegalStateException("reservation '" + c.name() + "' is cancelled but was not placed");
            reservations = reservations.without(c.name());
        } else if (!(event instanceof MigrationAttempted)) {
            throw new IllegalArgumentException("unknown event " + event);
        }
    }

    /**
     * The state of this core, from which {@link #restore} rebuilds it in an empty core.
     *
     * @throws IllegalStateException while a migration is half applied (jobs checkpointed, not yet migrated)
     */
    public CoreSnapshot snapshot() {
        if (!checkpointed.isEmpty())
            throw new IllegalStateException("jobs " + checkpointed.keySet() + " are checkpointed and not yet migrated");
        List<CoreSnapshot.LastEnd> lastEnds = new ArrayList<>();
        lastEndBySize.forEach((size, t) -> lastEnds.add(new CoreSnapshot.LastEnd(size, t)));
        return new CoreSnapshot(policy.name(), machine.name(), now, version, queue,
                List.copyOf(running.byId()), List.copyOf(suspended.values()),
                gang == null ? null : CoreSnapshot.GangState.of(gang), List.copyOf(machine.downComponents()), headId,
                headSince, lastEnds, reservations.windows(), requeued.entrySet().stream()
                        .map(e -> new CoreSnapshot.Requeued(e.getKey(), e.getValue())).toList(),
                List.copyOf(freeingByUntil), List.copyOf(ready.values()));
    }

    /**
     * Takes on the state of {@code snapshot}: this core then decides and changes as the core it was taken from.
     *
     * @throws IllegalStateException    when this core is not empty (it has applied an event or advanced)
     * @throws IllegalArgumentException when the snapshot was taken under another policy or on another machine
     */
    public void restore(CoreSnapshot snapshot) {
        if (now != Long.MIN_VALUE || version != 0 || !queue.isEmpty() || !running.isEmpty() || !suspended.isEmpty())
            throw new IllegalStateException("only an empty scheduler core takes on a snapshot");
        if (!policy.name().equals(snapshot.policy()) || !machine.name().equals(snapshot.machine()))
            throw new IllegalArgumentException("a snapshot of scheduler " + snapshot.policy() + " on " + snapshot.machine()
                    + " cannot restore scheduler " + policy.name() + " on " + machine.name());
        now = snapshot.now();
        version = snapshot.version();
        headId = snapshot.headId();
        headSince = snapshot.headSince();
        for (Job job : snapshot.queue()) enqueue(job);
        gang = snapshot.gang() == null ? null : snapshot.gang().toGang();
        for (RunningJob r : snapshot.running()) {
            Allocation held = held(r);
            if (held != null) machine.allocate(held);
            run(r);
        }
        for (Suspension s : snapshot.suspended()) {
            Allocation held = held(s.job());
            if (held != null) machine.allocate(held);
            suspended.put(s.job().id(), s);
        }
        for (Deallocation d : snapshot.freeing()) {
            machine.allocate(d.allocation());
            freeing.put(d.jobId(), d);
            freeingByUntil.add(d);
        }
        for (ReadyBlock b : snapshot.ready()) ready.put(b.jobId(), b);
        // Health last: a machine refuses to allocate what is down.
        for (String component : snapshot.down()) machine.setHealth(component, false);
        for (CoreSnapshot.LastEnd e : snapshot.lastEnds()) lastEndBySize.put(e.size(), e.time());
        // the windows given to this core (a server's file, given anew at each start) and those the snapshot kept
        for (Reservation r : snapshot.reservations())
            if (reservations.named(r.name()) == null) reservations = reservations.with(r);
        for (CoreSnapshot.Requeued r : snapshot.requeued()) requeued.put(r.job(), r.times());
    }

    /**
     * What {@code r} holds on the machine model: its allocation; for the gang's wide job on interchangeable nodes,
     * the nodes it owns; nothing (null) for a small job of the gang while the wide job holds its units instead, on
     * a machine of units.
     */
    private Allocation held(RunningJob r) {
        if (gang == null) return r.allocation();
        if (gang.wide == r.id()) return machine.interchangeable() ? Gang.nodes(gang.wideOwn) : r.allocation();
        boolean lentToWide = !machine.interchangeable() && gang.lent.containsKey(r.id())
                && gang.wideStarted && !gang.wideDone;
        return lentToWide ? null : r.allocation();
    }

    private void enqueue(Job job) {
        int at = Collections.binarySearch(queue, job, Job.QUEUE_ORDER);
        if (at >= 0) throw new IllegalStateException("job " + job.id() + " is already queued");
        if (running.containsKey(job.id())) throw new IllegalStateException("job " + job.id() + " is already running");
        queue.add(-at - 1, job);
        queuedById.put(job.id(), job);
        queuedSizes.add(job.size());
        if (byDemandKept) keepByDemand(job);
    }

    private void keepByDemand(Job job) {
        byDemand.computeIfAbsent(job.demand(), d -> new DemandQueue()).add(job);
    }

    private Job dequeue(long jobId) {
        Job job = queuedById.remove(jobId);
        if (job == null) throw new IllegalStateException("job " + jobId + " is not queued");
        queue.remove(Collections.binarySearch(queue, job, Job.QUEUE_ORDER));
        queuedSizes.remove(job.size());
        if (byDemandKept) {
            DemandQueue same = byDemand.get(job.demand());
            same.remove(job);
            if (same.isEmpty()) byDemand.remove(job.demand());
        }
        noteHead();
        return job;
    }

    private void start(JobStarted s) {
        if (s.reused()) {
            ReadyBlock b = readyBlock(s.allocation());
            if (b == null) throw new IllegalStateException("job " + s.jobId() + " reuses block " + s.allocation().partition()
                    + ", which is not ready");
            ready.remove(b.jobId());
        }
        Job job = dequeue(s.jobId());
        if (gang != null && gang.wide == job.id() && !gang.wideStarted) startWide(s, job);
        else machine.allocate(s.allocation());
        run(new RunningJob(job, s.time(), s.allocation(), s.boot(), s.bootFailure()));
    }

    /**
     * The wide job of the gang starts: on every free node it needs, and on nodes borrowed from the preempted
     * jobs; on a machine of units, on its partition, which the machine model holds instead of the preempted
     * jobs' allocations until it ends.
     */
    private void startWide(JobStarted s, Job job) {
        gang.wideStarted = true;
        if (!machine.interchangeable()) {
            List<Allocation> preempted = new ArrayList<>(gang.lent.size());
            for (long j : gang.lent.keySet()) preempted.add(holding(j).allocation());
            machine.releaseAll(preempted);
            machine.allocate(s.allocation());
            return;
        }
        int need = s.allocation().nodes();
        int own = Math.min(machine.freeNodes(), need);
        Map<Long, Integer> sizes = new HashMap<>();
        for (long j : gang.lent.keySet()) sizes.put(j, suspended.get(j).job.allocation().nodes());
        gang.borrow(need - own, sizes);
        machine.allocate(Gang.nodes(own));
        gang.wideOwn = own;
    }

    private void noteHead() {
        long head = queue.isEmpty() ? -1 : queue.get(0).id();
        if (head != headId) {
            headId = head;
            headSince = now;
        }
    }

    private void contextSwitch(ContextSwitched c) {
        if (gang == null) {
            if (!c.resumed().isEmpty())
                throw new IllegalStateException("job " + c.jobId() + " has no gang whose jobs could resume");
            gang = new Gang(c.jobId(), c.suspended());
        } else if (gang.wide != c.jobId()) {
            throw new IllegalStateException("job " + c.jobId() + " switches while job " + gang.wide + "'s gang is under way");
        }
        for (long j : c.suspended()) suspend(j);
        for (long j : c.resumed()) resume(j, c.penalty());
        gang.penalty = c.penalty();
        if (c.counted()) {
            gang.switches = c.number();
            gang.lastSwitch = c.time();
        }
        if (gang.wideDone && suspended.isEmpty()) gang = null;
    }

    private void suspend(long jobId) {
        RunningJob r = running.remove(jobId);
        if (r == null) throw new IllegalStateException("job " + jobId + " is suspended but does not run");
        unorder(r);
        suspended.put(jobId, new Suspension(r, now));
    }

    private void resume(long jobId, long penalty) {
        Suspension s = suspended.remove(jobId);
        if (s == null) throw new IllegalStateException("job " + jobId + " is resumed but is not suspended");
        run(s.job.paused(now - s.since + penalty));
    }

    /** A job that stopped computing at {@code since} and keeps its nodes. */
    public record Suspension(RunningJob job, long since) {
    }

    private void run(RunningJob r) {
        running.put(r.id(), r);
        for (RunningOrder order : endOrders) order.insert(r);
        if (boots.on() && r.bootFailure() == null && r.bootEnd() > now) booting.insert(r);
    }

    private RunningJob stop(long jobId) {
        RunningJob r = leave(jobId);
        release(r);
        return r;
    }

    /** The block of finished job {@code r} holds its allocation for the machine's free time. */
    private void deallocate(RunningJob r) {
        Deallocation d = new Deallocation(r.id(), r.allocation(), TimeBounds.plus(now, boots.free()));
        freeing.put(d.jobId(), d);
        freeingByUntil.add(d);
    }

    /** The booted block of finished job {@code r} stays ready for reuse; it holds nothing meanwhile. */
    private void keepReady(RunningJob r) {
        ready.put(r.id(), new ReadyBlock(r.id(), r.allocation()));
    }

    /** Job {@code jobId} no longer runs; what it holds stays held. */
    private RunningJob leave(long jobId) {
        RunningJob r = running.remove(jobId);
        if (r == null) throw new IllegalStateException("job " + jobId + " is not running");
        unorder(r);
        lastEndBySize.put(r.job().size(), now);
        return r;
    }

    /** Takes {@code r} out of the orders of running jobs. */
    private void unorder(RunningJob r) {
        for (RunningOrder order : orders) order.delete(r);
    }

    /** Frees what {@code r} holds on the machine, less what a gang still uses. */
    private void release(RunningJob r) {
        if (gang == null) {
            machine.release(r.allocation());
        } else if (r.id() == gang.wide) {
            if (machine.interchangeable()) {
                machine.release(Gang.nodes(gang.wideOwn));
            } else {
                machine.release(r.allocation());
                for (long j : gang.lent.keySet()) machine.allocate(holding(j).allocation());
            }
            gang.wideDone = true;
            if (gang.lent.isEmpty()) gang = null;
        } else if (gang.lent.containsKey(r.id()) && !machine.interchangeable()) {
            Allocation held = held(r);
            gang.lent.remove(r.id());
            if (held != null) machine.release(held);
            if (gang.wideDone && gang.lent.isEmpty()) gang = null;
        } else if (gang.lent.containsKey(r.id())) {
            int lent = gang.lent.remove(r.id());
            int kept = gang.wideDone ? 0 : lent;
            machine.release(Gang.nodes(r.allocation().nodes() - kept));
            gang.wideOwn += kept;
            if (gang.wideDone && gang.lent.isEmpty()) gang = null;
        } else {
            machine.release(r.allocation());
        }
    }

    private void checkpoint(JobCheckpointed c) {
        checkpointed.put(c.jobId(), stop(c.jobId()));
    }

    private void restart(JobMigrated m) {
        RunningJob r = checkpointed.remove(m.jobId());
        if (r == null) throw new IllegalStateException("job " + m.jobId() + " migrated without a checkpoint");
        machine.allocate(m.allocation());
        run(r.migrated(m.allocation(), m.cost()));
    }
}

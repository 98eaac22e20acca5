package org.bgctl.scheduler.audit;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.SwitchModel;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.Victims;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.machine.bgl.BlockStates;
import org.bgctl.scheduler.event.BlockBooted;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * A run rebuilt from its recorded events into a fresh machine model, checking as it goes that:
 * <ul>
 *   <li>events come in time order; a job is submitted once, starts only from the queue and ends only
 *       while running, a finished job at its start plus its run time;</li>
 *   <li>every {@code JobStarted}'s allocation was free — no part held by another job, none down —
 *       on the machine as the events before it left it;</li>
 *   <li>independently of the model, no unit is held beyond its nodes and no switch port serves two jobs (no
 *       switch, on a machine of whole switches, {@code switch=whole});</li>
 *   <li>a release gives back exactly what the start took, and a failed component held by a job
 *       was released (the job killed) before the failure;</li>
 *   <li>a job goes back to the queue only just after it was killed;</li>
 *   <li>migration: a checkpointed job was running, and restarts on a free partition, its end moved by the
 *       migration's cost;</li>
 *   <li>failures and repairs name components of the machine, a repair one that was down;</li>
 *   <li>gang scheduling (pfcfs): a context switch suspends running jobs and resumes suspended ones; the jobs
 *       running never double-book a node, a unit, a switch or a cable (the machine model holds them), nor do
 *       the jobs suspended (a second model holds those): a node or unit holds at most one running and one
 *       suspended job; on machines of whole units no job but the wide job they were suspended for starts on
 *       a unit that keeps a suspended job; a job ends only while running, its end moved by the time it was
 *       suspended and the penalty of each switch that resumed it.</li>
 * </ul>
 * Each broken rule is a violation; the run goes on so that all of them are listed. After the events
 * (or those up to some time, for a picture of the machine then) it holds the machine, the running
 * jobs and the queue.
 */
public final class RecordedRun implements EventSink {

    private final MachineModel machine;
    /** Whether a switch serves one job at a time, whichever ports it holds. */
    private final boolean wholeSwitches;
    /** The allocations of the suspended jobs, which keep them (gang scheduling). */
    private final MachineModel parked;
    private final TreeMap<Long, Suspension> suspended = new TreeMap<>();
    private final TreeMap<Long, Job> queued = new TreeMap<>();
    private final TreeMap<Long, RunningJob> running = new TreeMap<>();
    /** Jobs checkpointed for a migration and not yet restarted. */
    private final TreeMap<Long, RunningJob> checkpointed = new TreeMap<>();
    /** Jobs killed and not (yet) requeued. */
    private final TreeMap<Long, Job> killed = new TreeMap<>();
    /** Per unit, per job: what the job holds there. */
    private final TreeMap<String, TreeMap<Long, Claim>> holdings = new TreeMap<>();
    /**
     * The nodes held on each unit with node claims by the jobs that are not suspended: the sum over those holders,
     * kept so a start is checked in O(1).
     */
    private final TreeMap<String, Integer> heldNodes = new TreeMap<>();
    private final List<String> violations = new ArrayList<>();
    /** Seconds the block of each running job is held once it finished, when not 0, by job id. */
    private final TreeMap<Long, Long> freeTimes = new TreeMap<>();
    /** The blocks of finished jobs being freed, with when they are due free, by job id: they still hold. */
    private final TreeMap<Long, RunningJob> freeing = new TreeMap<>();
    private final TreeMap<Long, Long> freeAt = new TreeMap<>();
    /** The blocks of finished jobs kept ready for reuse. */
    private final ReadyBlockLedger ready = new ReadyBlockLedger();
    /** When the boot of each running job's block ends (jobs started with a boot), by job id. */
    private final TreeMap<Long, Long> bootEnds = new TreeMap<>();
    /** The midplanes whose last boot failed, free since (the error block was freed), with when it failed. */
    private final TreeMap<String, Long> bootErrors = new TreeMap<>();
    private long events;
    private long lastTime = Long.MIN_VALUE;
    private long started;
    private long ended;
    private long switches;

    /** A run on {@code machine}, which must be fresh: nothing allocated, nothing down. */
    public RecordedRun(MachineModel machine) {
        this.machine = machine;
        this.wholeSwitches = machine instanceof BglMachineModel bgl && bgl.machine().switchModel() == SwitchModel.WHOLE;
        this.parked = machine.copy();
    }

    /** A job suspended at {@code since} for wide job {@code wide}'s gang. */
    private record Suspension(RunningJob job, long since, long wide) {
    }

    @Override
    public void accept(SchedulerEvent e) {
        events++;
        if (e.time() < lastTime) violation(e, "comes after an event at " + lastTime);
        lastTime = Math.max(lastTime, e.time());
        if (e instanceof JobSubmitted s) submitted(s);
        else if (e instanceof JobStarted s) started(s);
        else if (e instanceof JobFinished f) {
            RunningJob finishing = running.get(f.jobId());
            if (finishing != null) ready.finished(f.jobId(), finishing.allocation());
            Long free = freeTimes.remove(f.jobId());
            RunningJob r = free == null ? ended(e, f.jobId()) : finishedHolding(e, f.jobId(), free);
            if (r != null && f.time() != r.end())
                violation(e, "job " + f.jobId() + " started at " + r.start() + " with run time " + r.job().runtime()
                        + " should end at " + r.end());
        } else if (e instanceof JobKilled k) {
            RunningJob r = ended(e, k.jobId());
            if (r != null) killed.put(r.id(), r.job());
        } else if (e instanceof BlockFreed b) {
            RunningJob r = freeing.remove(b.jobId());
            Long due = freeAt.remove(b.jobId());
            if (r == null && ready.freed(b.jobId())) {
                return;
            } else if (r == null) {
                violation(e, "job " + b.jobId() + "'s block is freed but was not being freed");
            } else {
                if (due != b.time())
                    violation(e, "job " + b.jobId() + "'s block is freed at " + b.time() + ", due at " + due);
                giveBack(e, r);
            }
        } else if (e instanceof BlockBooted b) {
            RunningJob r = running.get(b.jobId());
            Long end = bootEnds.remove(b.jobId());
            if (r == null || end == null || end != b.time())
                violation(e, "job " + b.jobId() + "'s block is ready at " + b.time() + " but "
                        + (r == null ? "the job does not run" : end == null ? "it was not booting" : "its boot ends at " + end));
        } else if (e instanceof BootFailed b) {
            RunningJob r = ended(e, b.jobId());
            if (r != null && (!b.midplane().equals(r.bootFailure()) || b.time() != r.end()))
                violation(e, "job " + b.jobId() + " fails to boot on " + b.midplane() + " at " + b.time()
                        + ", but its start said " + (r.bootFailure() == null ? "its block boots"
                        : "its boot fails on " + r.bootFailure() + " at " + r.end()));
            if (r != null) killed.put(r.id(), r.job());
            bootErrors.put(b.midplane(), b.time());
        } else if (e instanceof JobRequeued q) requeued(q);
        else if (e instanceof JobCancelled c) {
            if (queued.remove(c.jobId()) == null) ended(e, c.jobId());
        }
        else if (e instanceof ComponentFailed f) failed(f);
        else if (e instanceof ComponentRepaired r) repaired(r);
        else if (e instanceof ContextSwitched c) switched(c);
        else if (e instanceof JobCheckpointed c) checkpointed(c);
        else if (e instanceof JobMigrated m) migrated(m);
    }

    /** Migration, first step: the job leaves its partition (in the same entry it restarts on another). */
    private void checkpointed(JobCheckpointed c) {
        RunningJob r = running.remove(c.jobId());
        if (r == null) {
            violation(c, "job " + c.jobId() + " is checkpointed but does not run");
            return;
        }
        giveBack(c, r);
        checkpointed.put(c.jobId(), r);
    }

    /** Migration, last step: the checkpointed job restarts on a free partition, ending {@code cost} seconds later. */
    private void migrated(JobMigrated m) {
        RunningJob r = checkpointed.remove(m.jobId());
        if (r == null) {
            violation(m, "job " + m.jobId() + " migrates but was not checkpointed");
            return;
        }
        Allocation a = m.allocation();
        Optional<String> conflict = machine.conflict(a);
        if (conflict.isPresent()) {
            violation(m, "job " + m.jobId() + " migrates to " + label(a) + ", which is not free: " + conflict.get());
            return;
        }
        take(m.jobId(), a);
        running.put(m.jobId(), new RunningJob(r.job(), r.start(), a, r.delay() + m.cost()));
    }

    /** The jobs it stops leave the running model for the suspended one; the jobs it resumes go back. */
    private void switched(ContextSwitched c) {
        switches++;
        List<RunningJob> stopping = new ArrayList<>();
        for (long j : c.suspended()) {
            RunningJob r = running.remove(j);
            if (r == null) {
                violation(c, "job " + j + " is suspended but does not run");
                continue;
            }
            machine.release(r.allocation());
            holdNodes(r.allocation(), -1);
            stopping.add(r);
        }
        for (long j : c.resumed()) {
            Suspension s = suspended.remove(j);
            if (s == null) {
                violation(c, "job " + j + " is resumed but is not suspended");
                continue;
            }
            Allocation a = s.job().allocation();
            parked.release(a);
            Optional<String> conflict = machine.conflict(a);
            if (conflict.isPresent()) violation(c, "job " + j + " resumes on " + label(a) + ", which is not free: " + conflict.get());
            else machine.allocate(a);
            holdNodes(a, 1);
            running.put(j, s.job().paused(c.time() - s.since() + c.penalty()));
        }
        for (RunningJob r : stopping) {
            Optional<String> conflict = parked.conflict(r.allocation());
            if (conflict.isPresent()) {
                violation(c, "job " + r.id() + " is suspended on " + label(r.allocation())
                        + ", which keeps another suspended job: " + conflict.get());
            } else {
                parked.allocate(r.allocation());
            }
            suspended.put(r.id(), new Suspension(r, c.time(), c.jobId()));
        }
    }

    private void submitted(JobSubmitted s) {
        long id = s.jobId();
        if (queued.containsKey(id) || running.containsKey(id)) violation(s, "job " + id + " is submitted twice");
        else queued.put(id, s.job());
    }

    private void requeued(JobRequeued q) {
        if (killed.remove(q.jobId()) == null) violation(q, "job " + q.jobId() + " is requeued but was not killed");
        else queued.put(q.jobId(), q.job());
    }

    private void started(JobStarted s) {
        Job job = queued.remove(s.jobId());
        if (job == null) {
            violation(s, "job " + s.jobId() + " starts but is not queued");
            return;
        }
        Allocation a = s.allocation();
        Optional<String> conflict;
        try {
            conflict = machine.conflict(a);
        } catch (IllegalArgumentException bad) {
            violation(s, "job " + s.jobId() + " starts on an allocation of another machine: " + bad.getMessage());
            return;
        }
        if (conflict.isPresent()) {
            violation(s, "job " + s.jobId() + " starts on " + label(a) + ", which is not free: " + conflict.get());
            return;
        }
        checkHolders(s, a);
        checkSuspendedUnits(s, a);
        for (String wrong : ready.started(s)) violation(s, wrong);
        take(s.jobId(), a);
        running.put(s.jobId(), new RunningJob(job, s.time(), a, s.boot(), s.bootFailure()));
        if (s.boot() > 0) bootEnds.put(s.jobId(), s.time() + s.boot());
        if (s.free() > 0) freeTimes.put(s.jobId(), s.free());
        for (Claim c : a.claims()) bootErrors.remove(c.unit());
        started++;
    }

    /** Job {@code jobId} holds {@code a}, which is free. */
    private void take(long jobId, Allocation a) {
        machine.allocate(a);
        for (Claim c : a.claims()) holdings.computeIfAbsent(c.unit(), u -> new TreeMap<>()).put(jobId, c);
        holdNodes(a, 1);
    }

    /**
     * On machines of whole units: no job but the wide job they were suspended for starts on a unit that keeps
     * suspended jobs — on a switch shared port by port, on a port that keeps one.
     */
    private void checkSuspendedUnits(JobStarted s, Allocation a) {
        if (machine.interchangeable()) return;
        for (Claim c : a.claims()) {
            for (Suspension kept : suspended.values()) {
                if (kept.wide() == s.jobId()) continue;
                for (Claim k : kept.job().allocation().claims())
                    if (wholeSwitches ? k.unit().equals(c.unit()) : k.overlaps(c))
                        violation(s, "job " + s.jobId() + " starts on " + c.unit() + ", which keeps suspended job "
                                + kept.job().id());
            }
        }
    }

    /**
     * The model-free check: nodes of a unit held beyond its size, or a switch port serving two jobs (with whole
     * switches, a switch serving two jobs); suspended jobs, whose nodes a wide job may share, are left out.
     */
    private void checkHolders(JobStarted s, Allocation a) {
        for (Claim c : a.claims()) {
            TreeMap<Long, Claim> holders = holdings.get(c.unit());
            if (holders == null) continue;
            if (c instanceof NodeClaim n) {
                int held = n.nodes() + heldNodes.getOrDefault(c.unit(), 0);
                if (held > machine.nodesOf(c.unit()))
                    violation(s, c.unit() + " is held by jobs " + notSuspended(holders) + " and job " + s.jobId()
                            + ": " + held + " of its " + machine.nodesOf(c.unit()) + " nodes");
            } else if (wholeSwitches) {
                List<Long> serving = notSuspended(holders);
                if (!serving.isEmpty())
                    violation(s, "switch " + c.unit() + " serves jobs " + serving + " and job " + s.jobId());
            } else {
                List<Long> sharing = new ArrayList<>();
                for (long j : notSuspended(holders)) if (holders.get(j).overlaps(c)) sharing.add(j);
                if (!sharing.isEmpty())
                    violation(s, "ports " + c + " are held by jobs " + sharing + " and job " + s.jobId());
            }
        }
    }

    private List<Long> notSuspended(TreeMap<Long, Claim> holders) {
        List<Long> jobs = new ArrayList<>();
        for (long j : holders.keySet()) if (!suspended.containsKey(j)) jobs.add(j);
        return jobs;
    }

    /** Adds ({@code sign} 1) or takes off (-1) the nodes {@code a} holds to the nodes held on each unit. */
    private void holdNodes(Allocation a, int sign) {
        for (Claim c : a.claims()) if (c instanceof NodeClaim n) heldNodes.merge(c.unit(), sign * n.nodes(), Integer::sum);
    }

    /** Job {@code jobId} finished; its block holds what it held for {@code free} more seconds. */
    private RunningJob finishedHolding(SchedulerEvent e, long jobId, long free) {
        RunningJob r = running.remove(jobId);
        if (r == null) {
            violation(e, "job " + jobId + " ends but is not running");
            return null;
        }
        bootEnds.remove(jobId);
        freeing.put(jobId, r);
        freeAt.put(jobId, e.time() + free);
        ended++;
        return r;
    }

    private RunningJob ended(SchedulerEvent e, long jobId) {
        RunningJob r = running.remove(jobId);
        if (r == null) {
            violation(e, "job " + jobId + " ends but is not running");
            return null;
        }
        giveBack(e, r);
        bootEnds.remove(jobId);
        freeTimes.remove(jobId);
        ready.ended(jobId);
        ended++;
        return r;
    }

    /** The running job {@code r} gives its allocation back. */
    private void giveBack(SchedulerEvent e, RunningJob r) {
        long jobId = r.id();
        try {
            machine.release(r.allocation());
        } catch (IllegalStateException | IllegalArgumentException bad) {
            violation(e, "job " + jobId + " gives back what it did not hold: " + bad.getMessage());
        }
        for (Claim c : r.allocation().claims()) {
            TreeMap<Long, Claim> holders = holdings.get(c.unit());
            holders.remove(jobId);
            if (holders.isEmpty()) holdings.remove(c.unit());
        }
        holdNodes(r.allocation(), -1);
    }

    private void failed(ComponentFailed f) {
        List<RunningJob> holders;
        try {
            holders = Victims.holding(machine, f.component(), running.values());
        } catch (IllegalArgumentException bad) {
            violation(f, bad.getMessage());
            return;
        }
        for (RunningJob r : holders)
            violation(f, "job " + r.id() + " still runs on " + f.component() + ", which failed");
        for (var b : ready.struck(machine.componentClaims(f.component())))
            violation(f, "job " + b.jobId() + "'s ready block is on " + f.component() + ", which failed, and was not freed");
        try {
            machine.setHealth(f.component(), false);
        } catch (IllegalStateException bad) {
            violation(f, bad.getMessage());
        }
    }

    private void repaired(ComponentRepaired r) {
        try {
            if (!machine.downComponents().contains(r.component())) violation(r, r.component() + " is repaired but was not down");
            machine.setHealth(r.component(), true);
        } catch (IllegalArgumentException bad) {
            violation(r, bad.getMessage());
        }
    }

    private void violation(SchedulerEvent e, String what) {
        violations.add("event " + events + " at " + e.time() + ": " + what);
    }

    private static String label(Allocation a) {
        return a.partition().isEmpty() ? a.nodes() + " nodes" : "partition " + a.partition();
    }

    /** The broken rules, in the order met; empty for a clean run. */
    public List<String> violations() {
        return Collections.unmodifiableList(violations);
    }

    /** The machine as the events applied so far left it. */
    public MachineModel machine() {
        return machine;
    }

    /** The running jobs whose block still boots at {@code t}, with when their boot ends, by id. */
    public SortedMap<Long, Long> booting(long t) {
        TreeMap<Long, Long> booting = new TreeMap<>();
        bootEnds.forEach((job, end) -> {
            if (end > t && running.containsKey(job)) booting.put(job, end);
        });
        return booting;
    }

    /**
     * The midplanes whose last boot failed, by id, with when: the block went to error and was freed; a midplane
     * leaves the list when a job takes it again.
     */
    public SortedMap<String, Long> bootErrors() {
        return Collections.unmodifiableSortedMap(bootErrors);
    }

    /**
     * The blocks at {@code t} (an instant the events so far reach): booting, being freed, ready for reuse, free after
     * a failed boot.
     */
    public BlockStates blockStates(long t) {
        TreeMap<Long, Allocation> blocks = new TreeMap<>();
        freeing.forEach((job, r) -> blocks.put(job, r.allocation()));
        return new BlockStates(booting(t), blocks, new TreeMap<>(freeAt), ready.blocks(), new TreeMap<>(bootErrors));
    }

    /** The jobs running, by id. */
    public SortedMap<Long, RunningJob> running() {
        return Collections.unmodifiableSortedMap(running);
    }

    /** Whether a context switch suspended job {@code jobId} and it has not resumed. */
    public boolean isSuspended(long jobId) {
        return suspended.containsKey(jobId);
    }

    /** The jobs suspended by a context switch, by id: they keep what they hold. */
    public SortedMap<Long, RunningJob> suspended() {
        TreeMap<Long, RunningJob> jobs = new TreeMap<>();
        suspended.forEach((id, s) -> jobs.put(id, s.job()));
        return Collections.unmodifiableSortedMap(jobs);
    }

    /** The jobs waiting, by id. */
    public SortedMap<Long, Job> queued() {
        return Collections.unmodifiableSortedMap(queued);
    }

    /** Per unit, per job: what each running or suspended job holds there. */
    public SortedMap<String, TreeMap<Long, Claim>> holdings() {
        return Collections.unmodifiableSortedMap(holdings);
    }

    /** Events applied. */
    public long events() {
        return events;
    }

    /** The time of the last event applied, or Long.MIN_VALUE before any. */
    public long lastTime() {
        return lastTime;
    }

    /** Jobs started so far. */
    public long started() {
        return started;
    }

    /** Context switches so far (gang scheduling). */
    public long switches() {
        return switches;
    }

    /** Jobs that ended (finished or were killed) so far. */
    public long ended() {
        return ended;
    }
}

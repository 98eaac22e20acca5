package org.bgctl.scheduler.policy.pfcfs;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.ContextSwitch;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.GangView;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.policy.Fcfs;
import org.bgctl.scheduler.policy.Policy;

/**
 * Preemptive FCFS (Schwiegelshohn and Yahyapour 1998, section 5), on machines of interchangeable nodes and on
 * machines of units (midplanes, supernodes) that can withhold the units of suspended jobs.
 * <ol>
 * <li>Jobs start in FCFS order while they fit; a small job (fewer than x% of the nodes, or of the units) never
 * preempts.</li>
 * <li>A wide job (at least x%) that does not fit preempts when it is next in FCFS order, no earlier wide job
 * is active (running or suspended), and δ seconds have passed since both became true.</li>
 * <li>On interchangeable nodes it takes every free node and borrows the rest from small running jobs, chosen by
 * {@link PreemptiveSubset}; on units it takes a partition of free units and of units of small running jobs,
 * chosen by {@link PreemptivePartition}. The small jobs are suspended and keep their nodes.</li>
 * <li>Every Δ seconds the subset switches between the wide job and the small jobs, up to n switches, the
 * preemption being the first; then whoever holds the subset runs to completion — the wide job for odd n, the
 * small jobs for even n — and the other gang resumes when it completes. When either gang completes earlier,
 * the other resumes at once (a switch not counted against n).</li>
 * </ol>
 * No job starts on a node that holds a suspended job, and no job changes nodes.
 */
public final class PreemptiveFcfs implements Policy {

    private final GangSettings settings;

    public PreemptiveFcfs(GangSettings settings) {
        this.settings = settings;
    }

    public GangSettings settings() {
        return settings;
    }

    @Override
    public String name() {
        return "pfcfs";
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        return plan(view).starts();
    }

    @Override
    public Plan plan(SchedulingView view) {
        Optional<GangView> gang = view.gang();
        return gang.isPresent() ? duringGang(view, gang.get()) : withoutGang(view);
    }

    /** Rule 4, and FCFS on the nodes outside the subset. */
    private Plan duringGang(SchedulingView view, GangView g) {
        MachineModel machine = view.machine().copy();
        List<Start> starts = new ArrayList<>();
        if (!g.wideStarted()) {
            // The preemption was carried out but the wide job's start was not: it starts now.
            Job wide = view.queue().get(0);
            if (wide.id() != g.wideJob())
                throw new IllegalStateException("job " + g.wideJob() + " preempted but job " + wide.id() + " is next");
            starts.add(new Start(wide, placeWide(wide, machine, g.smallAllocations())));
            return Plan.of(starts);
        }
        boolean withholds = !machine.interchangeable() && !g.wideDone();
        starts.addAll(Fcfs.startHeads(view.queue(), withholds ? machine.withholding(g.smallAllocations()) : machine));
        Optional<ContextSwitch> next = contextSwitch(view.now(), g);
        return next.isPresent() ? Plan.switching(next.get(), starts) : Plan.of(starts);
    }

    private Optional<ContextSwitch> contextSwitch(long now, GangView g) {
        boolean smallSuspended = !g.smallJobs().isEmpty() && !g.smallRunning();
        if (g.wideDone()) {
            return smallSuspended
                    ? Optional.of(switching(g, List.of(), g.smallJobs(), false))
                    : Optional.empty();
        }
        if (g.smallJobs().isEmpty()) {
            return g.wideRunning()
                    ? Optional.empty()
                    : Optional.of(switching(g, List.of(), List.of(g.wideJob()), false));
        }
        if (g.switches() >= settings.maxSwitches() || now < g.lastSwitch() + settings.gangLength())
            return Optional.empty();
        return Optional.of(g.wideRunning()
                ? switching(g, List.of(g.wideJob()), g.smallJobs(), true)
                : switching(g, g.smallJobs(), List.of(g.wideJob()), true));
    }

    private ContextSwitch switching(GangView g, List<Long> suspend, List<Long> resume, boolean counted) {
        return new ContextSwitch(g.wideJob(), suspend, resume, counted, g.switches() + (counted ? 1 : 0),
                settings.penalty());
    }

    /** Rules 1 to 3: FCFS, then a preemption by the wide job at the head when its time has come. */
    private Plan withoutGang(SchedulingView view) {
        MachineModel machine = view.machine().copy();
        List<Start> starts = Fcfs.startHeads(view.queue(), machine);
        if (starts.size() == view.queue().size()) return Plan.of(starts);
        Job head = view.queue().get(starts.size());
        long armed = armedSince(view, head, starts.isEmpty() ? view.headSince() : view.now(), starts);
        if (armed == Long.MAX_VALUE || view.now() < armed + settings.startDelay()) return Plan.of(starts);
        List<RunningJob> preempted;
        Allocation placed;
        if (machine.interchangeable()) {
            preempted = PreemptiveSubset.choose(view.runningByEstimatedEnd(), head.size() - machine.freeNodes());
            placed = FlatMachine.allocationOf(head.size());
        } else {
            PreemptivePartition.Preemption p = PreemptivePartition.choose(machine, head.demand(),
                    view.runningByEstimatedEnd());
            preempted = p == null ? List.of() : p.preempted();
            placed = p == null ? null : p.partition();
        }
        if (preempted.isEmpty()) return Plan.of(starts);
        starts.add(new Start(head, placed));
        return Plan.switching(new ContextSwitch(head.id(), preempted.stream().map(RunningJob::id).toList(), List.of(),
                true, 1, settings.penalty()), starts);
    }

    /**
     * Since when {@code head}, next in FCFS order since {@code headSince}, may preempt: the later of that and
     * the end of the last wide job; {@link Long#MAX_VALUE} when it is small or a wide job is active.
     */
    private long armedSince(SchedulingView view, Job head, long headSince, List<Start> starting) {
        int wide = settings.wideNodes(view.machine().capacity(), view.machine().granularity());
        if (head.size() < wide) return Long.MAX_VALUE;
        for (RunningJob r : view.runningByEstimatedEnd()) if (r.job().size() >= wide) return Long.MAX_VALUE;
        for (Start s : starting) if (s.job().size() >= wide) return Long.MAX_VALUE;
        return Math.max(headSince, view.lastEndOfJobsOfAtLeast(wide));
    }

    @Override
    public long nextWakeup(SchedulingView view) {
        Optional<GangView> gang = view.gang();
        if (gang.isPresent()) {
            GangView g = gang.get();
            boolean switching = g.wideStarted() && !g.wideDone() && !g.smallJobs().isEmpty()
                    && g.switches() < settings.maxSwitches();
            return switching ? g.lastSwitch() + settings.gangLength() : Long.MAX_VALUE;
        }
        if (view.queue().isEmpty()) return Long.MAX_VALUE;
        long armed = armedSince(view, view.queue().get(0), view.headSince(), List.of());
        return armed == Long.MAX_VALUE ? armed : armed + settings.startDelay();
    }

    /**
     * Where the wide job runs once its small jobs are suspended: nodes of a flat machine, the free ones and
     * those of the preempted jobs; on units, the partition {@code machine} finds when the preempted jobs'
     * {@code allocations} are free.
     */
    private static Allocation placeWide(Job wide, MachineModel machine, List<Allocation> allocations) {
        if (machine.interchangeable()) return FlatMachine.allocationOf(wide.size());
        machine.releaseAll(allocations);
        Allocation a = machine.place(wide.demand());
        if (a == null)
            throw new IllegalStateException("job " + wide.id() + " preempted but has no partition on the units of its gang");
        return a;
    }

    @Override
    public boolean runsOn(MachineView machine) {
        return machine.interchangeable() || machine.withholds();
    }

    @Override
    public void requireSupported(MachineView machine) {
        if (!runsOn(machine))
            throw new IllegalArgumentException("scheduler 'pfcfs' cannot schedule machine " + machine.name()
                    + ": its gangs share interchangeable nodes (flat:N) or whole units (bgl, supernode)");
    }
}

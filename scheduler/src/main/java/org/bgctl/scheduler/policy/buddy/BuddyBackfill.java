package org.bgctl.scheduler.policy.buddy;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineView;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.buddy.BuddyTree;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.TimeBounds;
import org.bgctl.scheduler.policy.Policy;

/**
 * EASY backfilling on a buddy machine, with the node allocation of one {@link AllocationScheme}
 * (Subramani et al.). Jobs are taken in queue order. Each gets an option per allocation it may
 * use — one buddy, or scattered free-list nodes — with the earliest time it could start that way
 * and its estimated run there (a communication-intensive job's estimate is shortened by its gain
 * on a buddy); it takes the option that completes first, scattered on a tie. A job whose option
 * starts now starts; the first job whose option does not start now gets EASY's reservation on the
 * node plan; later jobs start only where they do not touch that reservation.
 *
 * <p>The buddy of a contiguous option is chosen by section 3's rules: among the smallest buddies
 * that hold the request ({@link BuddyTree#smallestHolding}), the earliest start, then the
 * smaller buddy, then the one whose largest wholly free enclosing buddy is smallest, then the
 * lowest-numbered. Scattered nodes are the lowest-numbered free ones.
 */
public final class BuddyBackfill implements Policy {

    /**
     * An allocation a job could take: its earliest start, whether that is in this pass, its
     * estimated duration, and where — a buddy, or scattered nodes (known when it starts now).
     */
    private record Option(long start, boolean now, long duration, int buddy, int[] nodes) {
        long completion() {
            return TimeBounds.plus(start, duration);
        }

        boolean contiguous() {
            return buddy >= 0;
        }
    }

    private final AllocationScheme scheme;

    public BuddyBackfill(AllocationScheme scheme) {
        this.scheme = scheme;
    }

    @Override
    public String name() {
        return scheme.schedulerName();
    }

    @Override
    public boolean runsOn(MachineView machine) {
        return machine.has(MachineCapability.BUDDY_TREE);
    }

    @Override
    public void requireSupported(MachineView machine) {
        if (!runsOn(machine))
            throw new IllegalArgumentException("scheduler " + name() + " needs a buddy machine (buddy:N), not "
                    + machine.name());
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        requireSupported(view.machine());
        // The one place it needs the machine's class: it plans on the buddy line's tree and node numbers.
        BuddyMachine machine = (BuddyMachine) view.machine();
        NodePlan plan = new NodePlan(machine, view);
        List<Start> starts = new ArrayList<>();
        for (Job job : view.queue()) {
            Option option = choose(job, plan, machine.tree(), view.bootDelay());
            if (option.now()) {
                starts.add(new Start(job, take(option, plan, machine)));
            } else if (!plan.reserved()) {
                if (option.contiguous()) plan.reserve(option.buddy(), option.start(), option.duration());
                else plan.reserveScattered(job.size(), option.start(), option.duration());
            }
        }
        return starts;
    }

    private static Allocation take(Option option, NodePlan plan, BuddyMachine machine) {
        long until = TimeBounds.plus(plan.now(), option.duration());
        if (option.contiguous()) {
            plan.take(option.buddy(), until);
            return machine.buddy(option.buddy());
        }
        plan.take(option.nodes(), until);
        return BuddyMachine.listed(option.nodes());
    }

    /** The option the job takes: the one that completes first, scattered on a tie. */
    private Option choose(Job job, NodePlan plan, BuddyTree tree, long bootDelay) {
        boolean intensive = job.communication().intensive();
        Option scattered = scheme == AllocationScheme.BUDDY && intensive ? null : scattered(job, plan, bootDelay);
        if (scheme == AllocationScheme.FREE_LIST || !intensive) return scattered;
        Option contiguous = contiguous(job, plan, tree, bootDelay);
        if (scattered == null) return contiguous;
        return contiguous.completion() < scattered.completion() ? contiguous : scattered;
    }

    /** Scattered nodes: now if enough may be taken, else (before the reservation) when enough are free. */
    private static Option scattered(Job job, NodePlan plan, long bootDelay) {
        long d = bootDelay + job.estimate();
        int[] nodes = plan.scatteredNow(job.size(), d);
        if (nodes != null) return new Option(plan.now(), true, d, -1, nodes);
        long start = plan.reserved() ? Long.MAX_VALUE : plan.scatteredEarliestStart(job.size());
        return new Option(start, false, d, -1, null);
    }

    /** One buddy, chosen by section 3's rules: one that can be taken now if there is any. */
    private static Option contiguous(Job job, NodePlan plan, BuddyTree tree, long bootDelay) {
        long d = bootDelay + job.communication().shortened(job.estimate());
        int[] candidates = tree.smallestHolding(job.size());
        int best = -1;
        int bestEnclosing = 0;
        for (int b : candidates) {
            if (!plan.startsNow(b, d)) continue;
            int enclosing = plan.enclosingFree(b, plan.now());
            if (best < 0 || better(plan.now(), tree.size(b), enclosing, plan.now(), tree.size(best), bestEnclosing)) {
                best = b;
                bestEnclosing = enclosing;
            }
        }
        if (best >= 0) return new Option(plan.now(), true, d, best, null);
        long bestStart = Long.MAX_VALUE;
        for (int b : candidates) {
            long start = plan.earliestStart(b, d);
            int enclosing = plan.enclosingFree(b, start);
            if (best < 0 || better(start, tree.size(b), enclosing, bestStart, tree.size(best), bestEnclosing)) {
                best = b;
                bestStart = start;
                bestEnclosing = enclosing;
            }
        }
        return new Option(bestStart, false, d, best, null);
    }

    /** Section 3's order: earlier start, then the smaller buddy, then the smaller free region around it. */
    private static boolean better(long start, int size, int enclosing, long bestStart, int bestSize,
            int bestEnclosing) {
        if (start != bestStart) return start < bestStart;
        if (size != bestSize) return size < bestSize;
        return enclosing < bestEnclosing;
    }
}

package org.bgctl.scheduler.policy.krevat;

import java.util.List;
import java.util.Optional;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineView;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Migration;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.policy.Policy;

/**
 * The four schedulers of Krevat, Castaños and Moreira (2002) for a torus of supernodes:
 * <ul>
 *   <li>{@code krevat-fcfs} (Scheduler 1): FCFS, each job in the box that leaves the largest free box
 *       largest, the head raised to the least size that can start;</li>
 *   <li>{@code krevat-backfill} (Scheduler 2): FCFS, then backfilling against a reservation for the head,
 *       sizes raised by at most I supernodes;</li>
 *   <li>{@code krevat-migration} (Scheduler 3): FCFS, a migration when FCFS stops and the FN_tor / FN_max
 *       thresholds call for one, then FCFS again;</li>
 *   <li>{@code krevat-bm} (Scheduler 4, B+M): FCFS, migration, FCFS again, then backfilling.</li>
 * </ul>
 * Needs a {@link SupernodeMachine}.
 */
public final class KrevatScheduler implements Policy {

    /** Which of the four. */
    public enum Variant {
        FCFS("krevat-fcfs", false, false),
        BACKFILL("krevat-backfill", true, false),
        MIGRATION("krevat-migration", false, true),
        BACKFILL_AND_MIGRATION("krevat-bm", true, true);

        private final String policyName;
        private final boolean backfills;
        private final boolean migrates;

        Variant(String policyName, boolean backfills, boolean migrates) {
            this.policyName = policyName;
            this.backfills = backfills;
            this.migrates = migrates;
        }

        /** The name used with {@code --scheduler}. */
        public String policyName() {
            return policyName;
        }

        /** Whether this scheduler migrates running jobs. */
        public boolean migrates() {
            return migrates;
        }
    }

    private final Variant variant;
    private final Backfilling backfilling;
    private final MigrationPlanner migration;

    public KrevatScheduler(Variant variant, SchedulerSettings settings) {
        this.variant = variant;
        this.backfilling = new Backfilling(settings.backfillIncrease());
        this.migration = new MigrationPlanner(settings);
    }

    @Override
    public String name() {
        return variant.policyName();
    }

    /** Which of the four this is. */
    public Variant variant() {
        return variant;
    }

    @Override
    public boolean runsOn(MachineView machine) {
        return machine.has(MachineCapability.SUPERNODE_TORUS);
    }

    /** The starts of this pass without migrating (for the migrating variants, what they do when no migration is called for). */
    @Override
    public List<Start> decide(SchedulingView view) {
        return pass(view, false).starts();
    }

    @Override
    public Plan plan(SchedulingView view) {
        return variant.migrates ? pass(view, true) : Plan.of(decide(view));
    }

    private Plan pass(SchedulingView view, boolean migrating) {
        if (!(view.machine() instanceof SupernodeMachine torus))
            throw new IllegalStateException(name() + " schedules a torus of supernodes (--machine supernode), not "
                    + view.machine().name());
        TorusPass pass = new TorusPass(torus, view.now(), view.bootDelay());
        List<Job> queue = view.queue();
        int head = pass.startHeads(queue, 0);
        Optional<Migration> migrated = Optional.empty();
        if (migrating && head < queue.size()) {
            migrated = migration.plan(pass, view.runningByEstimatedEnd(), queue.get(head));
            if (migrated.isPresent() && migrated.get().performed()) head = pass.startHeads(queue, head);
        }
        if (variant.backfills && head < queue.size()) backfilling.fill(pass, queue, head, view.runningByEstimatedEnd());
        return new Plan(migrated, pass.starts());
    }
}

package org.bgctl.scheduler.policy.krevat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.ProjectionOfPartitions;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Migration;
import org.bgctl.scheduler.Move;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulerSettings;

/**
 * Whether and how to migrate once FCFS has stopped at a job (Krevat et al. 2002, Scheduler 3).
 * A migration is attempted when FN_tor = free units / all units is at least the FN_tor threshold and
 * FN_max = units of the largest free box / free units is at most the FN_max threshold (with nothing
 * free FN_max counts as 1). It is performed only when the reassignment makes the largest free box
 * larger.
 */
final class MigrationPlanner {

    private final SchedulerSettings settings;
    private final PlacementMemo memo = new PlacementMemo();

    MigrationPlanner(SchedulerSettings settings) {
        this.settings = settings;
    }

    /** Whether the thresholds call for an attempt on {@code torus}. */
    private boolean attempts(Occupancy torus, int largestFree) {
        int free = torus.freeUnits();
        double fnTor = (double) free / torus.shape().units();
        double fnMax = free == 0 ? 1.0 : (double) largestFree / free;
        return fnTor >= settings.migrationFnTor() && fnMax <= settings.migrationFnMax();
    }

    /**
     * The migration for {@code blocked}, the job FCFS stopped at, if the thresholds call for one. A
     * performed migration rearranges {@code pass}: running jobs move, jobs started earlier in the pass
     * take their new boxes.
     */
    Optional<Migration> plan(TorusPass pass, Collection<RunningJob> running, Job blocked) {
        int before = pass.largestFree();
        if (!attempts(pass.occupancy(), before)) return Optional.empty();
        SupernodeMachine machine = pass.machine();
        List<Tenant> tenants = new ArrayList<>();
        TreeMap<Long, RunningJob> byId = new TreeMap<>();
        for (RunningJob r : running) {
            tenants.add(new Tenant(r.id(), machine.boxOf(r.allocation()), true));
            byId.put(r.id(), r);
        }
        for (TorusPass.Placed p : pass.started()) tenants.add(new Tenant(p.job().id(), p.box(), false));
        Reassignment r = Reassignment.of(pass.occupancy(), tenants, memo);
        int after = ProjectionOfPartitions.largestFreeSize(r.occupancy());
        if (after <= before) return Optional.of(new Migration(blocked.id(), before, after, List.of()));

        List<Move> moves = new ArrayList<>();
        tenants.sort(Reassignment.ORDER);
        for (Tenant t : tenants) {
            Box to = r.boxes().get(t.jobId());
            if (!t.running() || to.equals(t.box())) continue;
            moves.add(new Move(t.jobId(), byId.get(t.jobId()).allocation(), machine.allocationOf(to),
                    settings.migrationCost()));
        }
        List<TorusPass.Placed> reassigned = new ArrayList<>();
        for (TorusPass.Placed p : pass.started())
            reassigned.add(new TorusPass.Placed(p.job(), r.boxes().get(p.job().id())));
        pass.rearrange(r.occupancy(), reassigned);
        return Optional.of(new Migration(blocked.id(), before, after, moves));
    }
}

package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;

/**
 * EASY backfilling on interchangeable nodes when windows are reserved: the walk of {@link ConservativeBackfill}
 * with only the first job that cannot start reserved. On a profile of free nodes over time (running jobs
 * released at their estimated ends, every window's nodes taken while it lasts), jobs start in queue order while
 * their nodes are free now for their whole estimate; the first that cannot is reserved at its earliest start in
 * the profile — after a window it would cross, if the window leaves it too few nodes — and every later job
 * starts only if it fits now around that reservation and the windows: either it ends before the reserved start
 * or it leaves the reserved job its nodes, as EASY's shadow time and extra nodes say.
 */
final class EasyAroundWindows {

    private EasyAroundWindows() {
    }

    static List<Start> decide(SchedulingView view) {
        MachineModel machine = view.machine().copy();
        long now = view.now();
        CapacityProfile profile = CapacityProfile.of(view, machine.freeNodes());
        List<Start> starts = new ArrayList<>();
        boolean headReserved = false;
        for (Job job : view.queue()) {
            long holds = view.bootDelay(job.demand()) + job.estimate();
            long at = profile.earliestStart(job.size(), holds);
            Allocation a = at == now ? machine.place(job.demand()) : null;
            if (a != null) {
                machine.allocate(a);
                profile.reserve(now, holds, job.size());
                starts.add(new Start(job, a));
            } else if (!headReserved) {
                headReserved = true;
                if (at != Long.MAX_VALUE) profile.reserve(at, holds, job.size());
            }
        }
        return starts;
    }
}

package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;

/**
 * Conservative backfilling: every waiting job holds a reservation, and a job starts early only
 * if it delays none. Reservations are rebuilt at every pass, in queue order, on a profile of
 * free nodes made from the running jobs' estimated ends; a job whose reservation is now starts.
 * Rebuilding in queue order never moves a job's reservation later than the previous pass
 * gave it, since running jobs only end earlier than estimated and newcomers queue behind.
 * A job estimated at zero seconds needs its nodes at one instant only and takes no time in the
 * profile; a job reserved now starts only if the nodes are really free, since a zero-length
 * job started in the same pass still holds its nodes until its finish, right after the pass,
 * which is followed by another pass at the same instant. Reserved windows take their nodes from the profile
 * while they last, so no job is reserved across one that leaves it too few. Needs a machine of interchangeable
 * nodes.
 */
public final class ConservativeBackfill implements Policy {

    @Override
    public String name() {
        return "conservative";
    }

    @Override
    public boolean runsOn(MachineView machine) {
        return machine.interchangeable();
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        MachineModel machine = view.machine().copy();
        if (!machine.interchangeable())
            throw new IllegalStateException("conservative backfilling needs a machine of interchangeable nodes, not "
                    + machine.name());
        long now = view.now();
        CapacityProfile profile = CapacityProfile.of(view, machine.freeNodes());
        List<Start> starts = new ArrayList<>();
        for (Job job : view.queue()) {
            long holds = view.bootDelay() + job.estimate();
            long at = profile.earliestStart(job.size(), holds);
            if (at == Long.MAX_VALUE) continue;
            profile.reserve(at, holds, job.size());
            if (at != now) continue;
            Allocation a = machine.place(job.demand());
            if (a == null) continue;
            machine.allocate(a);
            starts.add(new Start(job, a));
        }
        return starts;
    }
}

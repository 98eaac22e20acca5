package org.bgctl.scheduler.policy;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.ReservationGuard;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;

/**
 * First come, first served: start queue-head jobs while they fit; stop at the first that does not, or that a
 * reservation window holds back.
 */
public final class Fcfs implements Policy {

    @Override
    public String name() {
        return "fcfs";
    }

    @Override
    public List<Start> decide(SchedulingView view) {
        return ReservationGuard.inOrder(startHeads(view.queue(), view.machine().copy()), view);
    }

    /**
     * Starts jobs from the head of {@code queue} on {@code machine} (which it modifies) while
     * they fit; the first job that does not fit stops the walk.
     */
    public static List<Start> startHeads(List<Job> queue, MachineModel machine) {
        List<Start> starts = new ArrayList<>();
        for (Job job : queue) {
            Allocation a = machine.place(job.demand());
            if (a == null) break;
            machine.allocate(a);
            starts.add(new Start(job, a));
        }
        return starts;
    }
}

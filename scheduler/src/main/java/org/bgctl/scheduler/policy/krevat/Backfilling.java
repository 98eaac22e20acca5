package org.bgctl.scheduler.policy.krevat;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Placement;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;

/**
 * Backfilling on the torus (Krevat et al. 2002, Scheduler 2), once FCFS has stopped at the head job:
 * later jobs, in queue order, start now when they do not prevent the head from starting at its
 * reservation time ({@link HeadReservation}). A job is placed by the FCFS heuristic; a job that runs
 * past the reservation time only among the boxes that leave the head one. A job that cannot start at
 * its size is raised by at most {@code increase} supernodes (the paper's I), to the least size that
 * can start.
 */
final class Backfilling {

    private final int increase;

    Backfilling(int increase) {
        this.increase = increase;
    }

    /**
     * Backfills the jobs after {@code queue[head]} into {@code pass}. The head's reservation is made when the
     * first job that could start is found: in a full machine no job can, and no reservation is needed.
     */
    void fill(TorusPass pass, List<Job> queue, int head, Collection<RunningJob> running) {
        HeadReservation reservation = null;
        SupernodeMachine machine = pass.machine();
        Predicate<Box> anywhere = box -> true;
        for (Job job : queue.subList(head + 1, queue.size())) {
            int units = pass.unitsOf(job);
            if (units > pass.largestFree()) continue;
            if (reservation == null) reservation = HeadReservation.of(pass, queue.get(head), running);
            boolean outlives = pass.estimatedEndIfStarted(job) > reservation.time();
            Predicate<Box> allowed = outlives ? reservation::admits : anywhere;
            for (int size = units; size != 0 && size <= units + increase; size = machine.nextBoxSize(size + 1)) {
                Optional<Placement> p = pass.place(size, allowed);
                if (p.isEmpty()) continue;
                pass.start(job, p.get().box());
                if (outlives) reservation.hold(p.get().box());
                break;
            }
        }
    }
}

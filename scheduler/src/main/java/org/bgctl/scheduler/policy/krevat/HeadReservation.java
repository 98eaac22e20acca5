package org.bgctl.scheduler.policy.krevat;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.OptionalInt;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.PlacementSearch;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.RunningJob;

/**
 * The reservation backfilling makes for the blocked head job (Krevat et al. 2002, Scheduler 2). Its
 * time is the earliest estimated end of a running job (jobs started earlier in the pass included) at
 * which FCFS could start the head — with the size increase FCFS would give it then — on the torus as
 * it will be once every job estimated to end by then has ended. A later job may start now and run
 * past that time only if it leaves the head a box of that size: the reservation is the set of boxes
 * the head could take then, and each such job removes the ones it overlaps.
 */
final class HeadReservation {

    private record Departure(long end, long jobId, Box box) {
    }

    private static final Comparator<Departure> BY_END =
            Comparator.comparingLong(Departure::end).thenComparingLong(Departure::jobId);

    private final long time;
    private final List<Box> headBoxes;
    private final TorusShape shape;

    private HeadReservation(long time, List<Box> headBoxes, TorusShape shape) {
        this.time = time;
        this.headBoxes = headBoxes;
        this.shape = shape;
    }

    /** The head's reservation, given the running jobs and the pass so far. */
    static HeadReservation of(TorusPass pass, Job head, Collection<RunningJob> running) {
        List<Departure> departures = new ArrayList<>();
        for (RunningJob r : running)
            departures.add(new Departure(r.estimatedEnd(), r.id(), pass.machine().boxOf(r.allocation())));
        for (TorusPass.Placed p : pass.started())
            departures.add(new Departure(pass.estimatedEndIfStarted(p.job()), p.job().id(), p.box()));
        departures.sort(BY_END);

        int units = pass.unitsOf(head);
        Occupancy future = pass.occupancy();
        long time = Long.MAX_VALUE;
        for (Departure d : departures) {
            long end = Math.max(d.end(), pass.now());
            if (end > time) break;
            future = future.without(d.box());
            if (time == Long.MAX_VALUE && PlacementSearch.smallestSchedulableSize(future, units).isPresent()) time = end;
        }
        TorusShape shape = future.shape();
        OptionalInt size = PlacementSearch.smallestSchedulableSize(future, units);
        List<Box> boxes = time == Long.MAX_VALUE ? List.of()
                : new ArrayList<>(PlacementSearch.candidates(future, size.getAsInt()));
        return new HeadReservation(time, boxes, shape);
    }

    /** The reservation time; {@link Long#MAX_VALUE} when the head cannot start even on the emptied torus. */
    long time() {
        return time;
    }

    /** Whether a job that runs past the reservation time may take {@code box}: the head keeps a box. */
    boolean admits(Box box) {
        if (time == Long.MAX_VALUE) return true;
        for (Box headBox : headBoxes) if (!shape.overlap(headBox, box)) return true;
        return false;
    }

    /** A job that runs past the reservation time took {@code box}: the head's boxes overlapping it are gone. */
    void hold(Box box) {
        headBoxes.removeIf(headBox -> shape.overlap(headBox, box));
    }
}

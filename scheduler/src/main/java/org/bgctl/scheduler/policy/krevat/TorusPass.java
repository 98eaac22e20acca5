package org.bgctl.scheduler.policy.krevat;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.Occupancy;
import org.bgctl.machine.torus.Placement;
import org.bgctl.machine.torus.PlacementSearch;
import org.bgctl.machine.torus.ProjectionOfPartitions;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.TimeBounds;

/**
 * One scheduling pass on the torus while it is planned: the occupancy as the decisions so far
 * leave it, and the jobs started so far with their boxes. Plain data; the policy changes it step
 * by step (FCFS, migration, FCFS again, backfilling).
 */
final class TorusPass {

    /** A job started in this pass and the box it gets. */
    record Placed(Job job, Box box) {
    }

    private final SupernodeMachine machine;
    private final long now;
    private final long bootDelay;
    private final List<Placed> started = new ArrayList<>();
    private Occupancy occupancy;
    private int largestFree = -1;

    TorusPass(SupernodeMachine machine, long now, long bootDelay) {
        this.machine = machine;
        this.now = now;
        this.bootDelay = bootDelay;
        this.occupancy = machine.occupancy();
    }

    SupernodeMachine machine() {
        return machine;
    }

    Occupancy occupancy() {
        return occupancy;
    }

    long now() {
        return now;
    }

    /** When a job started in this pass ends by its estimate. */
    long estimatedEndIfStarted(Job job) {
        return TimeBounds.plus(now, bootDelay, job.estimate());
    }

    List<Placed> started() {
        return started;
    }

    /** Units in the largest free box now. */
    int largestFree() {
        if (largestFree < 0) largestFree = ProjectionOfPartitions.largestFreeSize(occupancy);
        return largestFree;
    }

    /**
     * The supernodes {@code job} asks for: its nodes in whole supernodes, raised to the next size a
     * box can have (the size change "at arrival" of the paper).
     */
    int unitsOf(Job job) {
        OptionalInt units = machine.unitsFor(job.size());
        if (units.isEmpty())
            throw new IllegalStateException("job " + job.id() + " of " + job.size() + " nodes is larger than "
                    + machine.name());
        return units.getAsInt();
    }

    /**
     * FCFS from {@code queue[from]} on: each job gets the box that leaves the largest free box largest,
     * raised by the least size that lets it start now; the first that cannot start stops the walk.
     *
     * @return the index of that job, or the queue's size when every job started
     */
    int startHeads(List<Job> queue, int from) {
        for (int i = from; i < queue.size(); i++) {
            Job job = queue.get(i);
            OptionalInt size = PlacementSearch.smallestSchedulableSize(occupancy, unitsOf(job));
            if (size.isEmpty()) return i;
            start(job, PlacementSearch.choose(occupancy, size.getAsInt()).orElseThrow().box());
        }
        return queue.size();
    }

    /** The placement of {@code size} units among the {@code allowed} boxes, by the same heuristic; none if none fits. */
    Optional<Placement> place(int size, Predicate<Box> allowed) {
        if (size > largestFree()) return Optional.empty();
        return PlacementSearch.choose(occupancy, size, allowed);
    }

    void start(Job job, Box box) {
        occupancy = occupancy.with(box);
        largestFree = -1;
        started.add(new Placed(job, box));
    }

    /** After a migration: the jobs started so far take their reassigned boxes, on the rearranged torus. */
    void rearrange(Occupancy rearranged, List<Placed> reassigned) {
        occupancy = rearranged;
        largestFree = -1;
        started.clear();
        started.addAll(reassigned);
    }

    /** The pass's starts, in the order the jobs were chosen. */
    List<Start> starts() {
        List<Start> starts = new ArrayList<>(started.size());
        for (Placed p : started) starts.add(new Start(p.job(), machine.allocationOf(p.box())));
        return starts;
    }
}

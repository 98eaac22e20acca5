package org.bgctl.scheduler;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineView;

/**
 * What a policy sees at one scheduling pass. Read-only: a policy plans on copies of
 * {@link #machine()} and returns decisions.
 */
public interface SchedulingView {

    /** The time of the pass, in seconds. */
    long now();

    /** Waiting jobs in queue order: (submit, job id). */
    List<Job> queue();

    /**
     * At most the fewest nodes a waiting job asks for ({@link Integer#MAX_VALUE} when none waits): with fewer nodes
     * free, no waiting job can start.
     */
    int fewestNodesWaiting();

    /**
     * The waiting jobs grouped by demand, each group in queue order, so that a policy can pass over all
     * the jobs of a demand that has no room at once. Read-only; the order of the groups means nothing.
     */
    Map<Demand, DemandQueue> queueByDemand();

    /** Running jobs ordered by (estimated end, job id). */
    Collection<RunningJob> runningByEstimatedEnd();

    /**
     * The machine's current allocation state, read only: a policy plans on its {@link MachineView#copy()}s, which
     * it may allocate on.
     */
    MachineView machine();

    /**
     * A number that changes whenever the machine or the running jobs change (a start, an end, a failure,
     * a repair), so that a policy may reuse what it worked out on the same machine and running jobs.
     */
    long version();
    /** Seconds between a job's start decision and the start of its run (it holds its partition meanwhile). */
    default long bootDelay() {
        return 0;
    }

    /**
     * Seconds between the start decision of a job asking {@code demand} and the start of its run: the boot delay
     * plus its block's boot (docs/blocks.md).
     */
    default long bootDelay(Demand demand) {
        return bootDelay();
    }

    /**
     * Seconds between the start decision of a job asking {@code demand} on {@code allocation} now and the start of
     * its run, as its start event will have them: with block reuse none on a ready block that is exactly the
     * allocation, and the free time first on one it takes part of (docs/blocks.md).
     */
    default long bootDelay(Demand demand, Allocation allocation) {
        return bootDelay(demand);
    }

    /**
     * Seconds a finished job's block is still being freed, holding what it held (docs/blocks.md): none without
     * block boots, nor with block reuse, whose finished blocks stay ready and hold nothing.
     */
    default long blockFreeTime() {
        return 0;
    }

    /** The gang under way, when a wide job has preempted small jobs (preemptive FCFS); empty otherwise. */
    default Optional<GangView> gang() {
        return Optional.empty();
    }

    /** Since when the queue's head job is the head (or the queue empty); at most {@link #now()}. */
    default long headSince() {
        return now();
    }

    /** The last time a job asking for at least {@code nodes} nodes ended, or {@link Long#MIN_VALUE} if none did. */
    default long lastEndOfJobsOfAtLeast(int nodes) {
        return Long.MIN_VALUE;
    }

    /**
     * The windows during which parts of the machine are kept from jobs; none by default. Whatever a policy
     * decides is held to them ({@link ReservationGuard}); a policy that plans ahead may plan around them.
     */
    default Reservations reservations() {
        return Reservations.NONE;
    }
}

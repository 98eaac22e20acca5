package org.bgctl.scheduler;

import com.fasterxml.jackson.annotation.JsonCreator;
import java.util.Comparator;
import org.bgctl.machine.Allocation;

/**
 * A job that holds its partition.
 *
 * @param job        the job
 * @param start      when it was given its partition (the JobStarted event)
 * @param allocation what it holds now
 * @param delay      seconds it holds the partition without running its own work: the boot delay (or its block's
 *                   boot) before it starts, plus the cost of each migration
 * @param bootFailure the midplane whose boot fails at the boot's end, or null when its block boots: then the job
 *                    ends, never having run, at start + delay
 */
public record RunningJob(Job job, long start, Allocation allocation, long delay, String bootFailure) {

    /** By (estimated end, job id): the order in which policies see the running jobs. */
    public static final Comparator<RunningJob> ESTIMATED_END_ORDER = (a, b) -> {
        int byEnd = Long.compare(a.estimatedEnd(), b.estimatedEnd());
        return byEnd != 0 ? byEnd : Long.compare(a.id(), b.id());
    };

    /** By (start, job id). */
    public static final Comparator<RunningJob> START_ORDER =
            Comparator.comparingLong(RunningJob::start).thenComparingLong(RunningJob::id);

    @JsonCreator
    public RunningJob {
    }

    /** A job that runs {@code delay} seconds after it gets its partition. */
    public RunningJob(Job job, long start, Allocation allocation, long delay) {
        this(job, start, allocation, delay, null);
    }

    /** A job that runs from the instant it gets its partition. */
    public RunningJob(Job job, long start, Allocation allocation) {
        this(job, start, allocation, 0);
    }

    /** When the scheduler believes it will end: start + delay + estimate (on this allocation), saturating. */
    public long estimatedEnd() {
        return TimeBounds.plus(start, delay, job.estimateOn(allocation));
    }

    /**
     * When it really ends: start + delay + run time (on this allocation), saturating; at start + delay when its
     * boot fails.
     */
    public long end() {
        return bootFailure != null ? TimeBounds.plus(start, delay) : TimeBounds.plus(start, delay, job.runtimeOn(allocation));
    }

    /** When it begins to run: start + delay (its block booted, on a machine whose blocks boot), saturating. */
    public long bootEnd() {
        return TimeBounds.plus(start, delay);
    }

    public long id() {
        return job.id();
    }

    /** This job after it stood still for {@code seconds} (suspended, then switched in): its end that much later. */
    public RunningJob paused(long seconds) {
        return new RunningJob(job, start, allocation, TimeBounds.plus(delay, seconds), bootFailure);
    }

    /** This job moved to {@code to}, its end {@code cost} seconds later. */
    RunningJob migrated(Allocation to, long cost) {
        return new RunningJob(job, start, to, TimeBounds.plus(delay, cost), bootFailure);
    }
}

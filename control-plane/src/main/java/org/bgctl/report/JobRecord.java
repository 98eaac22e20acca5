package org.bgctl.report;

import org.bgctl.scheduler.Job;

/**
 * One job's outcome, as the journal tells it.
 *
 * @param job        the job as submitted
 * @param scheduled  when it was given its partition (its JobStarted event), or -1 when never
 * @param start      when it began to run (scheduled + boot delay), or -1 when it never started
 * @param end        end time, or -1 when it never ended
 * @param size       nodes allocated (0 when it never started)
 * @param partition  the partition's name where it ended (empty on flat machines)
 * @param migrations how many times it moved to another partition
 * @param killedBy   the failed component that killed the job, {@link #CANCELLED} for a job an operator
 *                   cancelled (queued: it never started; running: it ended then), or empty
 * @param contiguous whether its nodes were one contiguous block (a buddy, a single M2DB block)
 */
public record JobRecord(Job job, long scheduled, long start, long end, int size, String partition, int migrations,
                        String killedBy, boolean contiguous) {

    /** {@link #killedBy} of a job an operator cancelled. */
    public static final String CANCELLED = "cancel";

    /** A job whose nodes were not one contiguous block. */
    public JobRecord(Job job, long scheduled, long start, long end, int size, String partition, int migrations,
                     String killedBy) {
        this(job, scheduled, start, end, size, partition, migrations, killedBy, false);
    }

    /** A job no failed component killed. */
    public JobRecord(Job job, long scheduled, long start, long end, int size, String partition, int migrations,
                     boolean contiguous) {
        this(job, scheduled, start, end, size, partition, migrations, "", contiguous);
    }

    /** A job no failed component killed and whose nodes were not one contiguous block. */
    public JobRecord(Job job, long scheduled, long start, long end, int size, String partition, int migrations) {
        this(job, scheduled, start, end, size, partition, migrations, "", false);
    }

    /** A job that started as it was scheduled, never moved, and no failed component killed. */
    public JobRecord(Job job, long start, long end, int size, String partition, boolean contiguous) {
        this(job, start, start, end, size, partition, 0, "", contiguous);
    }

    /** A job that started as it was scheduled, never moved, and whose nodes were not one contiguous block. */
    public JobRecord(Job job, long start, long end, int size, String partition) {
        this(job, start, end, size, partition, false);
    }

    public boolean finished() {
        return end >= 0;
    }

    public long waitTime() {
        return start - job.submit();
    }

    /** How long it ran: end − start, its own run time plus what its migrations cost. */
    public long runTime() {
        return end - start;
    }

    /**
     * The run time the job needed where it ran: its own run time, shortened by its gain for a
     * communication-intensive job that ran on a contiguous block (Subramani et al.'s actual run time).
     */
    public long actualRuntime() {
        return contiguous && job.communication().intensive() ? job.communication().shortened(job.runtime())
                : job.runtime();
    }

    /**
     * Of {@code run} seconds the job needed, the part it made before it ended: all of them, but for a job a failed
     * component killed or an operator cancelled what it ran.
     */
    public long madeOf(long run) {
        return killedBy.isEmpty() ? run : Math.min(run, Math.max(0, runTime()));
    }

    public long response() {
        return end - job.submit();
    }

    /** The partition's extent, e.g. {@code 2x2x4}: the part of an {@code EXTENT@BASE} name before the {@code @}. */
    public String shape() {
        int at = partition.indexOf('@');
        return at < 0 ? "" : partition.substring(0, at);
    }

    /** The outcome's name in jobs.csv. */
    public String status() {
        if (cancelled()) return JobStatus.CANCELLED.label();
        if (start < 0) return JobStatus.NEVER_STARTED.label();
        if (end < 0) return JobStatus.RUNNING.label();
        if (!killedBy.isEmpty()) return JobStatus.KILLED_BY_FAULT.label();
        return (job.walltimeKilled() ? JobStatus.KILLED_AT_WALLTIME : JobStatus.COMPLETED).label();
    }

    /** Whether the job was killed: at its wall time, or by a failed component (not one an operator cancelled). */
    public boolean killed() {
        return finished() && !cancelled() && (job.walltimeKilled() || !killedBy.isEmpty());
    }

    /** Whether a failed component killed the job (and it did not run again). */
    public boolean killedByFault() {
        return finished() && !cancelled() && !killedBy.isEmpty();
    }

    /** Whether an operator cancelled the job, queued or running. */
    public boolean cancelled() {
        return killedBy.equals(CANCELLED);
    }

    /** The job's communication class in jobs.csv: {@code ci} (communication-intensive) or {@code nci}. */
    public String jobClass() {
        return job.communication().intensive() ? "ci" : "nci";
    }

    /**
     * How well the job was estimated, in jobs.csv: {@code badly} (estimate above twice the run time) or
     * {@code well}.
     */
    public String estimateClass() {
        return job.badlyEstimated() ? "badly" : "well";
    }
}

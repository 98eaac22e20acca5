package org.bgctl.report;

import org.bgctl.scheduler.Job;

/**
 * One job's outcome, as the journal tells it.
 *
 * @param job       the job as submitted
 * @param start     start time, or -1 when it never started
 * @param end       end time, or -1 when it never ended
 * @param size      nodes allocated (0 when it never started)
 * @param partition the partition's name (empty on flat machines)
 * @param contiguous whether its nodes were one contiguous block (a buddy, a single M2DB block)
 */
public record JobRecord(Job job, long start, long end, int size, String partition, boolean contiguous) {

    /** A job whose nodes were not one contiguous block. */
    public JobRecord(Job job, long start, long end, int size, String partition) {
        this(job, start, end, size, partition, false);
    }

    public boolean finished() {
        return end >= 0;
    }

    public long waitTime() {
        return start - job.submit();
    }

    public long runTime() {
        return end - start;
    }

    public long response() {
        return end - job.submit();
    }

    /** The outcome's name in jobs.csv. */
    public String status() {
        if (start < 0) return "never_started";
        if (end < 0) return "running";
        return job.walltimeKilled() ? "killed_at_walltime" : "completed";
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

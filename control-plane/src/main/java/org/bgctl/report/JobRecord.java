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
 * @param killedBy  the failed component that killed the job, or empty
 */
public record JobRecord(Job job, long start, long end, int size, String partition, String killedBy) {

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
        if (!killedBy.isEmpty()) return "killed_by_fault";
        return job.walltimeKilled() ? "killed_at_walltime" : "completed";
    }

    /** Whether the job was killed: at its wall time, or by a failed component. */
    public boolean killed() {
        return finished() && (job.walltimeKilled() || !killedBy.isEmpty());
    }
}

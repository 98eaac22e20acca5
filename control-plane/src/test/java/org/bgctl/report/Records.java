package org.bgctl.report;

import org.bgctl.scheduler.Job;

/** Test helper: job records for the report writers. */
final class Records {

    private Records() {
    }

    /** A job that started and ended on {@code size} nodes of a flat machine. */
    static JobRecord ran(Job job, long start, long end) {
        return new JobRecord(job, start, start, end, job.size(), "", 0);
    }

    /** A job that never started. */
    static JobRecord neverStarted(Job job) {
        return new JobRecord(job, -1, -1, -1, 0, "", 0);
    }
}

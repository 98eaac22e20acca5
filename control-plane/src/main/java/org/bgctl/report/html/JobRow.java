package org.bgctl.report.html;

import org.bgctl.report.JobRecord;

/**
 * One job of a run, as report.html needs it (a row of jobs.csv, or a record rebuilt from the journal).
 *
 * @param start     -1 when it never started
 * @param end       -1 when it never ended
 * @param size      nodes it asked for
 * @param partition the partition it held at its end (empty on flat machines)
 */
record JobRow(long id, long submit, long start, long end, long size, String partition, String status) {

    static JobRow of(JobRecord r) {
        return new JobRow(r.job().id(), r.job().submit(), r.start(), r.end(), r.job().size(),
                r.partition(), r.status());
    }

    boolean started() {
        return start >= 0;
    }

    long waitTime() {
        return start - submit;
    }

    /**
     * (end − submit) / max(end − start, {@code gamma}), at least 1: the bounded slowdown of a finished job, its run
     * taken from its start to its end.
     */
    double boundedSlowdown(long gamma) {
        return Math.max(1.0, (double) (end - submit) / Math.max(end - start, gamma));
    }
}

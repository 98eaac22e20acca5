package org.bgctl.run;

import org.bgctl.report.JobTable;
import org.bgctl.report.RunMetrics;
import org.bgctl.report.Summary;

/**
 * What a replay produced (its files are in the run directory).
 *
 * @param metrics the run's metrics; null for a run interrupted before its end
 */
public record ReplayResult(Summary summary, RunMetrics metrics, JobTable jobs) {

    /** The replay was stopped before its end; {@code bgctl replay --resume} continues it. */
    public boolean interrupted() {
        return Boolean.TRUE.equals(summary.get("interrupted"));
    }
}

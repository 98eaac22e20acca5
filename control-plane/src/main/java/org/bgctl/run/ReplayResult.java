package org.bgctl.run;

import org.bgctl.report.JobTable;
import org.bgctl.report.RunMetrics;
import org.bgctl.report.Summary;

/** What a replay produced (its files are in the run directory). */
public record ReplayResult(Summary summary, RunMetrics metrics, JobTable jobs) {
}

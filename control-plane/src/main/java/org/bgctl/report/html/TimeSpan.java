package org.bgctl.report.html;

import java.util.List;
import org.bgctl.report.FaultLog;

/** The stretch of a run's time its plots show: from its first submission to its last event. */
record TimeSpan(long start, long end) {

    static TimeSpan of(List<JobRow> jobs, List<FaultLog.Change> faults) {
        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        for (JobRow j : jobs) {
            start = Math.min(start, j.submit());
            end = Math.max(end, Math.max(j.submit(), Math.max(j.start(), j.end())));
        }
        for (FaultLog.Change c : faults) {
            start = Math.min(start, c.time());
            end = Math.max(end, c.time());
        }
        if (start == Long.MAX_VALUE) return new TimeSpan(0, 1);
        return new TimeSpan(start, Math.max(end, start + 1));
    }

    double length() {
        return end - start;
    }
}

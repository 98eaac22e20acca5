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
        // A failure or repair before the first submission (a random fault model runs from time 0 of the trace)
        // does not move the start: the plots are measured from the first submission, as their axes say.
        boolean noJobs = start == Long.MAX_VALUE;
        for (FaultLog.Change c : faults) {
            if (noJobs) start = Math.min(start, c.time());
            end = Math.max(end, c.time());
        }
        if (start == Long.MAX_VALUE) return new TimeSpan(0, 1);
        return new TimeSpan(start, Math.max(end, start + 1));
    }

    double length() {
        return end - start;
    }
}

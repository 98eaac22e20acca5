package org.bgctl.scheduler;

import java.util.Locale;

/** Why a run ended: summary.json's {@code end.reason} (docs/semantics.md, "How a run ends"). */
public enum RunEnd {
    /** The trace was read to its end and every job it brought ended: nothing was left to happen. */
    TRACE_EXHAUSTED,
    /** The trace was read to its end, and jobs are left queued that nothing running or due can make room for. */
    JOBS_CANNOT_START,
    /** The run reached the last second it was given ({@code --until}); later events did not happen. */
    UNTIL,
    /** The run was stopped before its end (SIGINT or SIGTERM); a durable run resumes from its journal. */
    INTERRUPTED;

    /** How a run with nothing left to happen ended, {@code stillQueued} jobs never started. */
    public static RunEnd nothingLeft(int stillQueued) {
        return stillQueued == 0 ? TRACE_EXHAUSTED : JOBS_CANNOT_START;
    }

    /** Its name in summary.json, e.g. {@code trace_exhausted}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

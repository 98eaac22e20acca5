package org.bgctl.sweep;

/** How a sweep's run ended this time. */
public enum RunStatus {
    /** Ran now and wrote its summary. */
    COMPLETED,
    /** Finished by an earlier invocation of the same sweep: its summary was kept, nothing ran. */
    RESUMED,
    /** Ran now and failed; the error is in the run directory's error.txt. */
    FAILED
}

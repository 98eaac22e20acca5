package org.bgctl.workload;

/** Where a job's run-time estimate (what the scheduler believes) comes from. */
public enum EstimateSource {
    /** The user's requested time (SWF field 9), never below the real run time; the run time when field 9 is unknown. */
    REQUESTED,
    /** The real run time: a perfect estimate. */
    EXACT
}

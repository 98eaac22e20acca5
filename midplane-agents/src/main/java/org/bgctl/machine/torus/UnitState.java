package org.bgctl.machine.torus;

/** What an allocation unit of the torus is doing: free, busy with one job, or down. */
public sealed interface UnitState {

    /** The unit is free for allocation. */
    UnitState FREE = new Free();

    /** The unit is out of service until repaired. */
    UnitState DOWN = new Down();

    /** A unit free for allocation. */
    record Free() implements UnitState {
    }

    /**
     * A unit allocated to a job.
     *
     * @param jobId the job holding the unit
     */
    record Busy(long jobId) implements UnitState {
    }

    /** A unit out of service. */
    record Down() implements UnitState {
    }
}

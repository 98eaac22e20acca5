package org.bgctl.scheduler;

import java.util.Collection;
import java.util.List;
import org.bgctl.machine.MachineModel;

/**
 * What a policy sees at one scheduling pass. Read-only: a policy plans on copies of
 * {@link #machine()} and returns decisions.
 */
public interface SchedulingView {

    /** The time of the pass, in seconds. */
    long now();

    /** Waiting jobs in queue order: (submit, job id). */
    List<Job> queue();

    /** Running jobs ordered by (estimated end, job id). */
    Collection<RunningJob> runningByEstimatedEnd();

    /** The machine's current allocation state; do not modify it, use {@link MachineModel#copy()}. */
    MachineModel machine();

    /** Seconds between a job's start decision and the start of its run (it holds its partition meanwhile). */
    default long bootDelay() {
        return 0;
    }
}

package org.bgctl.scheduler;

import java.util.List;

/**
 * A policy's read-only view of the gang under way (preemptive FCFS): a wide job that preempted small jobs,
 * sharing their nodes with them by context switches.
 *
 * @param wideJob     the wide job
 * @param wideStarted whether it has started (it starts in the pass that suspends the small jobs)
 * @param wideRunning whether it computes now
 * @param wideDone    whether it has finished (its small jobs wait to be resumed)
 * @param smallJobs   the preempted small jobs that have not finished, in the order the wide job borrowed their
 *                    nodes
 * @param smallRunning whether the small jobs compute now (they switch together)
 * @param switches    counted context switches so far, the preemption included
 * @param lastSwitch  when the last counted switch happened
 */
public record GangView(long wideJob, boolean wideStarted, boolean wideRunning, boolean wideDone, List<Long> smallJobs,
                       boolean smallRunning, int switches, long lastSwitch) {

    public GangView {
        smallJobs = List.copyOf(smallJobs);
    }
}

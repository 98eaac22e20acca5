package org.bgctl.scheduler;

import java.util.List;
import org.bgctl.machine.Allocation;

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
 * @param smallAllocations where the small jobs run, in the order of {@code smallJobs}: on machines of units,
 *                    the machine model holds the wide job's partition in their stead while the wide job is
 *                    active, and they stay out of bounds for new jobs
 */
public record GangView(long wideJob, boolean wideStarted, boolean wideRunning, boolean wideDone, List<Long> smallJobs,
                       boolean smallRunning, int switches, long lastSwitch, List<Allocation> smallAllocations) {

    public GangView {
        smallJobs = List.copyOf(smallJobs);
        smallAllocations = List.copyOf(smallAllocations);
    }
}

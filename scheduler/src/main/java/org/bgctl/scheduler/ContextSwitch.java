package org.bgctl.scheduler;

import java.util.List;
import org.bgctl.scheduler.event.ContextSwitched;

/**
 * A policy's decision to switch the preemptive subset of a gang from some jobs to others (preemptive FCFS,
 * Schwiegelshohn and Yahyapour 1998): the jobs to suspend stop computing but keep their nodes, the jobs to
 * resume compute again on the nodes they kept. The preemption that starts a wide job is a switch that only
 * suspends; the wide job's start follows in the same plan.
 *
 * @param wideJob the wide job whose gang it is
 * @param suspend the jobs to suspend, in order (for a preemption: the order the wide job borrows their nodes)
 * @param resume  the jobs to resume
 * @param counted whether the switch counts against the limit n (a timed switch, or the preemption); a switch
 *                because a gang completed does not
 * @param number  the counted switches of the gang, this one included
 * @param penalty seconds each job switched in loses
 */
public record ContextSwitch(long wideJob, List<Long> suspend, List<Long> resume, boolean counted, int number,
                            long penalty) {

    public ContextSwitch {
        suspend = List.copyOf(suspend);
        resume = List.copyOf(resume);
        if (suspend.isEmpty() && resume.isEmpty())
            throw new IllegalArgumentException("a context switch of job " + wideJob + "'s gang switches no job");
    }

    /** The journal event of this switch at {@code time}. */
    public ContextSwitched event(long time) {
        return new ContextSwitched(wideJob, time, number, suspend, resume, counted, penalty);
    }
}

package org.bgctl.scheduler;

import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.JobStarted;

/** Test helper: expected events on flat machines. */
public final class TestEvents {

    private TestEvents() {
    }

    /** Job {@code job} started at {@code time} on {@code nodes} nodes of a flat machine. */
    public static JobStarted started(long job, long time, int nodes) {
        return new JobStarted(job, time, FlatMachine.allocationOf(nodes));
    }
}

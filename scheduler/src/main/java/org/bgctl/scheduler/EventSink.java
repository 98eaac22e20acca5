package org.bgctl.scheduler;

import org.bgctl.scheduler.event.SchedulerEvent;

/** Receives the scheduler's events in the order they happen (reports, progress, tests). */
@FunctionalInterface
public interface EventSink {

    void accept(SchedulerEvent event);

    /** A sink that drops everything. */
    static EventSink none() {
        return e -> { };
    }
}

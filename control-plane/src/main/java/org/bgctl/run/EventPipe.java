package org.bgctl.run;

import org.bgctl.report.Handoff;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * A replay's events taken on a thread of their own: the scheduling thread (the direct executor's, or the actors'
 * thread of virtual time) hands each event over and goes on, while the job table, the fault ledger and the audit
 * take them on the thread {@value #THREAD}, in the order they came, so what they make is the same. Whoever reads
 * what the sink made calls {@link #finish()} first; {@link #close()} stops the thread of a run given up.
 */
final class EventPipe implements EventSink, AutoCloseable {

    static final String THREAD = "bgctl-events";
    private static final int BATCH = 1024;
    private static final int BATCHES_IN_FLIGHT = 8;

    private final Handoff<SchedulerEvent> events;

    /** Starts the thread that gives every event to {@code sink}. */
    EventPipe(EventSink sink) {
        events = new Handoff<>(THREAD, BATCH, BATCHES_IN_FLIGHT, batch -> {
            for (int i = 0, n = batch.size(); i < n; i++) sink.accept(batch.get(i));
        }, () -> { });
    }

    @Override
    public void accept(SchedulerEvent event) {
        events.give(event);
    }

    /** Waits until the sink has taken every event handed over; throws what the sink threw. */
    void finish() {
        events.finish();
    }

    @Override
    public void close() {
        events.abandon();
    }
}

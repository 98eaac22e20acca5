package org.bgctl.cli;

import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The instant of a recorded run with the most nodes in use (the earliest of equals), found by playing its journal:
 * what {@code bgctl status} shows when no time is given, since a finished run ends on an empty machine.
 */
final class BusiestInstant implements EventSink {

    private final RecordedRun run;
    private long time = -1;
    private long busiest = -1;
    private long busiestNodes;

    BusiestInstant(RecordedRun run) {
        this.run = run;
    }

    @Override
    public void accept(SchedulerEvent e) {
        if (e.time() != time) measure();
        time = e.time();
        run.accept(e);
    }

    /** The busiest instant, or -1 when no job ever ran. */
    long time() {
        measure();
        return busiest;
    }

    /** The nodes in use at {@link #time()}. */
    long nodes() {
        return busiestNodes;
    }

    /** The state after every event at {@code time}: its nodes in use. */
    private void measure() {
        if (time < 0) return;
        long busy = 0;
        for (RunningJob r : run.running().values()) busy += r.allocation().nodes();
        if (busy > busiestNodes) {
            busiestNodes = busy;
            busiest = time;
        }
    }
}

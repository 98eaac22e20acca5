package org.bgctl.report;

import java.util.Locale;
import org.bgctl.machine.Geometry;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ComponentEvent;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/** One journal event as one line of text, for {@code bgctl inspect}. */
public final class EventFormat {

    private EventFormat() {
    }

    public static String line(long sequence, SchedulerEvent e) {
        String subject = e instanceof JobEvent j ? "job=" + j.jobId() : "component=" + ((ComponentEvent) e).component();
        String head = String.format("%8d %10d %-13s %s", sequence, e.time(), e.getClass().getSimpleName(), subject);
        if (e instanceof JobSubmitted s) {
            Job j = s.job();
            return head + " size=" + j.size() + geometry(j.geometry()) + " run=" + j.runtime() + " estimate=" + j.estimate()
                    + (j.walltimeKilled() ? " walltime-killed" : "");
        }
        if (e instanceof JobStarted s) {
            String partition = s.allocation().partition();
            return head + " nodes=" + s.allocation().nodes() + (partition.isEmpty() ? "" : " partition=" + partition);
        }
        if (e instanceof JobKilled k) return head + " by=" + k.component();
        return head;
    }

    /** E.g. {@code shape=2x2x2 torus}, {@code shape=2x2x2 pinned mesh}, {@code torus}; nothing for any box, mesh. */
    private static String geometry(Geometry g) {
        if (g.equals(Geometry.ANY)) return "";
        String topology = g.topology().name().toLowerCase(Locale.ROOT);
        if (g.shape() == null) return " " + topology;
        return " shape=" + g.shape() + (g.rotations() ? " " : " pinned ") + topology;
    }
}

package org.bgctl.report;

import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;
import org.bgctl.machine.Geometry;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.event.ComponentEvent;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationEvent;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.BootFailed;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * One journal event as one line of text, for {@code bgctl inspect}: its number, time, type, what it concerns
 * ({@code job=ID} or {@code component=ID}) and its details as {@code key=value}, under {@link #HEADER}.
 */
public final class EventFormat {

    private static final String COLUMNS = "%8s %10s %-18s %s";

    /** The column names above the lines. */
    public static final String HEADER = String.format(COLUMNS, "event", "time_s", "type", "subject and details");

    private EventFormat() {
    }

    public static String line(long sequence, SchedulerEvent e) {
        String head = String.format(COLUMNS, sequence, e.time(), e.getClass().getSimpleName(), subject(e));
        if (e instanceof JobSubmitted s) {
            Job j = s.job();
            return head + " size=" + j.size() + geometry(j.geometry()) + " run=" + j.runtime() + " estimate=" + j.estimate()
                    + (j.walltimeKilled() ? " walltime-killed" : "");
        }
        if (e instanceof JobStarted s) {
            String partition = s.allocation().partition();
            return head + " nodes=" + s.allocation().nodes() + (partition.isEmpty() ? "" : " partition=" + partition)
                    + (s.boot() > 0 ? " boot=" + s.boot() : "")
                    + (s.bootFailure() != null ? " boot-fails-on=" + s.bootFailure() : "")
                    + (s.reused() ? " reused" : "");
        }
        if (e instanceof JobKilled k) return head + " by=" + k.component();
        if (e instanceof BootFailed b) return head + " on=" + b.midplane();
        if (e instanceof ReservationPlaced p) {
            Reservation r = p.reservation();
            return head + " window=" + r.start() + "-" + r.end() + " nodes=" + r.nodes()
                    + (r.all() ? " all" : r.byUnits() ? " units=" + String.join(",", r.units()) : "");
        }
        if (e instanceof ReservationCancelled) return head;
        if (e instanceof JobMigrated m) {
            return head + " partition=" + m.allocation().partition() + (m.cost() > 0 ? " cost=" + m.cost() : "");
        }
        if (e instanceof MigrationAttempted m) {
            return head + " largest-free=" + m.largestFreeBefore() + "->" + m.largestFreeAfter()
                    + (m.performed() ? " performed" : " not-performed");
        }
        if (e instanceof ContextSwitched c) {
            return head + " switch=" + c.number() + (c.counted() ? "" : " (gang completed)")
                    + " suspended=" + ids(c.suspended()) + " resumed=" + ids(c.resumed())
                    + (c.penalty() > 0 ? " penalty=" + c.penalty() : "");
        }
        // JobFinished, JobCancelled, JobCheckpointed, JobRequeued, BlockBooted and the component events: their subject
        // says it all
        return head;
    }

    private static String ids(List<Long> jobs) {
        return jobs.isEmpty() ? "-" : jobs.stream().map(String::valueOf).collect(Collectors.joining(","));
    }

    /** {@code job=ID} for an event about a job, {@code component=ID} for a component's. */
    private static String subject(SchedulerEvent e) {
        if (e instanceof JobEvent j) return "job=" + j.jobId();
        if (e instanceof ComponentEvent c) return "component=" + c.component();
        if (e instanceof ReservationEvent r) return "reservation=" + r.name();
        throw new IllegalArgumentException("unknown event " + e);
    }

    /** E.g. {@code shape=2x2x2 torus}, {@code shape=2x2x2 pinned mesh}, {@code torus}; nothing for any box, mesh. */
    private static String geometry(Geometry g) {
        if (g.equals(Geometry.ANY)) return "";
        String topology = g.topology().name().toLowerCase(Locale.ROOT);
        if (g.shape() == null) return " " + topology;
        return " shape=" + g.shape() + (g.rotations() ? " " : " pinned ") + topology;
    }
}

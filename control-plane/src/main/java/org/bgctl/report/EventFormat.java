package org.bgctl.report;

import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;

/** One journal event as one line of text, for {@code bgctl inspect}. */
public final class EventFormat {

    private EventFormat() {
    }

    public static String line(long sequence, SchedulerEvent e) {
        String head = String.format("%8d %10d %-18s job=%d", sequence, e.time(), e.getClass().getSimpleName(), e.jobId());
        if (e instanceof JobSubmitted s) {
            Job j = s.job();
            return head + " size=" + j.size() + " run=" + j.runtime() + " estimate=" + j.estimate()
                    + (j.walltimeKilled() ? " walltime-killed" : "");
        }
        if (e instanceof JobStarted s) {
            String partition = s.allocation().partition();
            return head + " nodes=" + s.allocation().nodes() + (partition.isEmpty() ? "" : " partition=" + partition)
                    + (s.boot() > 0 ? " boot=" + s.boot() : "");
        }
        if (e instanceof JobMigrated m) {
            return head + " partition=" + m.allocation().partition() + (m.cost() > 0 ? " cost=" + m.cost() : "");
        }
        if (e instanceof MigrationAttempted m) {
            return head + " largest-free=" + m.largestFreeBefore() + "->" + m.largestFreeAfter()
                    + (m.performed() ? " performed" : " not-performed");
        }
        if (e instanceof JobFinished || e instanceof JobCheckpointed) return head;
        return head + " " + e;
    }
}

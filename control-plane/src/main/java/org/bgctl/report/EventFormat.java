package org.bgctl.report;

import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/** One journal event as one line of text, for {@code bgctl inspect}. */
public final class EventFormat {

    private EventFormat() {
    }

    public static String line(long sequence, SchedulerEvent e) {
        String head = String.format("%8d %10d %-13s job=%d", sequence, e.time(), e.getClass().getSimpleName(), e.jobId());
        if (e instanceof JobSubmitted s) {
            Job j = s.job();
            return head + " size=" + j.size() + " run=" + j.runtime() + " estimate=" + j.estimate()
                    + (j.walltimeKilled() ? " walltime-killed" : "");
        }
        if (e instanceof JobStarted s) {
            String partition = s.allocation().partition();
            return head + " nodes=" + s.allocation().nodes() + (partition.isEmpty() ? "" : " partition=" + partition);
        }
        if (e instanceof JobFinished) return head;
        return head + " " + e;
    }
}

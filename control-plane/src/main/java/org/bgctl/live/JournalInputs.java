package org.bgctl.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The inputs of a recorded serve run, read back from its journal: the jobs that arrived, instant by
 * instant, and the operators' cancellations, failures and repairs, in the order the server took them,
 * and the restarts that requeued the running jobs.
 * Everything else in the journal (starts, finishes, kills) is what the scheduler made of them.
 */
public final class JournalInputs {

    /** One input, at {@code time}. */
    public sealed interface Input permits Arrival, Operation {
        long time();
    }

    /**
     * Jobs that arrived together at {@code time}.
     *
     * @param afterInstant the server had already run an instant at {@code time} (for the ends due then)
     *                     before these jobs came; a replay must do the same to plan as the server did
     */
    public record Arrival(long time, List<Job> jobs, boolean afterInstant) implements Input {
    }

    /** What an operator did. */
    public enum Kind { CANCEL, FAIL, REPAIR, RESTART }

    /**
     * An operator's cancellation ({@code jobId}), a component's failure or repair ({@code component}), or a
     * restart of the server with {@code --on-restart requeue} (the jobs running then killed and requeued).
     */
    public record Operation(long time, Kind kind, long jobId, String component) implements Input {
    }

    private JournalInputs() {
    }

    /** The inputs of the run recorded in {@code runDir}'s journal. */
    public static List<Input> read(Path runDir) {
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(runDir, events::add);
        return of(events);
    }

    /**
     * The inputs behind {@code events}. Jobs submitted one after the other at the same time arrived
     * together; any other event between them means the server planned in between.
     */
    public static List<Input> of(List<SchedulerEvent> events) {
        List<Input> inputs = new ArrayList<>();
        List<Job> group = null;
        SchedulerEvent previous = null;
        boolean restarting = false;
        for (SchedulerEvent e : events) {
            if (e instanceof JobSubmitted s) {
                if (group == null || !(previous instanceof JobSubmitted) || previous.time() != s.time()) {
                    group = new ArrayList<>();
                    boolean after = previous != null && previous.time() == s.time() && !(previous instanceof JobFinished);
                    inputs.add(new Arrival(s.time(), group, after));
                }
                group.add(s.job());
            } else if (e instanceof JobCancelled c) {
                inputs.add(new Operation(c.time(), Kind.CANCEL, c.jobId(), null));
            } else if (e instanceof ComponentFailed f) {
                inputs.add(new Operation(f.time(), Kind.FAIL, -1, f.component()));
            } else if (e instanceof ComponentRepaired r) {
                inputs.add(new Operation(r.time(), Kind.REPAIR, -1, r.component()));
            } else if (e instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)) {
                if (!restarting) inputs.add(new Operation(k.time(), Kind.RESTART, -1, null));
                restarting = true;
            }
            if (!(e instanceof JobRequeued) && !(e instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)))
                restarting = false;
            previous = e;
        }
        return inputs;
    }
}

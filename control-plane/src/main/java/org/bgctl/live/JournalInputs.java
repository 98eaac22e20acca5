package org.bgctl.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.clock.RecordedInput;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationPlaced;
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

    private JournalInputs() {
    }

    /** The inputs of the run recorded in {@code runDir}'s journal. */
    public static List<RecordedInput> read(Path runDir) {
        List<SchedulerEvent> events = new ArrayList<>();
        JournalReader.read(runDir, events::add);
        return of(events);
    }

    /**
     * The inputs behind {@code events}. Jobs submitted one after the other at the same time arrived
     * together; any other event between them means the server planned in between.
     */
    public static List<RecordedInput> of(List<SchedulerEvent> events) {
        List<RecordedInput> inputs = new ArrayList<>();
        List<Job> group = null;
        SchedulerEvent previous = null;
        boolean restarting = false;
        for (SchedulerEvent e : events) {
            if (e instanceof JobSubmitted s) {
                if (group == null || !(previous instanceof JobSubmitted) || previous.time() != s.time()) {
                    group = new ArrayList<>();
                    boolean after = previous != null && previous.time() == s.time() && !(previous instanceof JobFinished);
                    inputs.add(new RecordedInput.Arrival(s.time(), group, after));
                }
                group.add(s.job());
            } else if (e instanceof JobCancelled c) {
                inputs.add(new RecordedInput.Operation(c.time(), RecordedInput.Kind.CANCEL, c.jobId(), null));
            } else if (e instanceof ReservationPlaced p) {
                inputs.add(new RecordedInput.Operation(p.time(), RecordedInput.Kind.RESERVE, -1, p.name(),
                        p.reservation()));
            } else if (e instanceof ReservationCancelled c) {
                inputs.add(new RecordedInput.Operation(c.time(), RecordedInput.Kind.UNRESERVE, -1, c.name()));
            } else if (e instanceof ComponentFailed f) {
                inputs.add(new RecordedInput.Operation(f.time(), RecordedInput.Kind.FAIL, -1, f.component()));
            } else if (e instanceof ComponentRepaired r) {
                inputs.add(new RecordedInput.Operation(r.time(), RecordedInput.Kind.REPAIR, -1, r.component()));
            } else if (e instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)) {
                if (!restarting)
                    inputs.add(new RecordedInput.Operation(k.time(), RecordedInput.Kind.RESTART, -1, RestartPolicy.COMPONENT));
                restarting = true;
            }
            if (!(e instanceof JobRequeued) && !(e instanceof JobKilled k && k.component().equals(RestartPolicy.COMPONENT)))
                restarting = false;
            previous = e;
        }
        return inputs;
    }
}

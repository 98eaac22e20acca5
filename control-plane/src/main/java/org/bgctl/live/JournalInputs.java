package org.bgctl.live;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.clock.RecordedInput;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.event.BlockBooted;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.BootFailed;
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
     * together. An instant records what was due at its second (freed and booted blocks, ends and failed boots, kills
     * at the wall time and their requeues), then its health changes with their kills, then its arrivals, then its pass;
     * so arrivals, or a failure or repair, that come after anything else at their second — a start, a submission, an
     * operator's cancellation or reservation — came after the server had planned at that second, and are re-driven
     * after it; the others join the instant of their second.
     */
    public static List<RecordedInput> of(List<SchedulerEvent> events) {
        List<RecordedInput> inputs = new ArrayList<>();
        List<Job> group = null;
        SchedulerEvent previous = null;
        boolean restarting = false;
        boolean planned = false;
        for (SchedulerEvent e : events) {
            if (previous != null && previous.time() != e.time()) planned = false;
            if (e instanceof JobSubmitted s) {
                if (group == null || !(previous instanceof JobSubmitted) || previous.time() != s.time()) {
                    group = new ArrayList<>();
                    inputs.add(new RecordedInput.Arrival(s.time(), group, planned));
                }
                group.add(s.job());
            } else if (e instanceof ComponentFailed f && !planned) {
                inputs.add(new RecordedInput.Health(f.time(), f.component(), false));
            } else if (e instanceof ComponentRepaired r && !planned) {
                inputs.add(new RecordedInput.Health(r.time(), r.component(), true));
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
            if (!dueOrHealth(e)) planned = true;
            previous = e;
        }
        return inputs;
    }

    /** Whether {@code e} is of what an instant records before its arrivals: what was due, and its health changes. */
    private static boolean dueOrHealth(SchedulerEvent e) {
        return e instanceof BlockFreed || e instanceof BlockBooted || e instanceof JobFinished || e instanceof BootFailed
                || e instanceof JobRequeued || e instanceof ComponentFailed || e instanceof ComponentRepaired
                || e instanceof JobKilled k && !k.component().equals(RestartPolicy.COMPONENT);
    }
}

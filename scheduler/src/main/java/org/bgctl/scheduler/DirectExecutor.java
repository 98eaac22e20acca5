package org.bgctl.scheduler;

import java.util.List;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * Runs the policies in virtual time without actors: the reference the actor system must
 * match event for event, and the baseline of the benchmarks. At each timestamp (an arrival, a job's
 * end, or an instant the policy asked for): all finishes, then arrivals in (submit, job id) order,
 * then one scheduling pass — its migration or context switch, if the policy plans one, then its
 * starts; a job that ends at the instant it starts (run time 0) ends at once, and a context switch
 * is followed by another pass.
 */
public final class DirectExecutor {

    private final SchedulerCore core;
    private final EventSink sink;

    public DirectExecutor(SchedulerCore core, EventSink sink) {
        this.core = core;
        this.sink = sink;
    }

    /** Drives every arrival through the scheduler until nothing is left to happen. */
    public void run(Arrivals arrivals) {
        while (true) {
            long t = Math.min(arrivals.nextTime(), core.nextEventTime());
            if (t == Long.MAX_VALUE) return;
            step(t, arrivals.takeAt(t));
        }
    }

    /** Jobs still waiting (after {@link #run}: jobs that could never start). */
    public int queued() {
        return core.queue().size();
    }

    /** Everything that happens at time {@code t}. */
    public void step(long t, List<Job> arriving) {
        core.advanceTo(t);
        emitAll(core.finishesDue(t));
        for (Job job : arriving) emit(new JobSubmitted(job));
        while (true) {
            Plan plan = core.plan();
            plan.migration().ifPresent(m -> m.events(t, m.performed()).forEach(this::emit));
            plan.contextSwitch().ifPresent(c -> emit(c.event(t)));
            for (Start s : plan.starts()) emit(core.started(s));
            List<JobFinished> ended = core.finishesDue(t);
            if (ended.isEmpty() && plan.contextSwitch().isEmpty()) return;
            emitAll(ended);
        }
    }

    private void emitAll(List<JobFinished> events) {
        for (SchedulerEvent e : events) emit(e);
    }

    private void emit(SchedulerEvent e) {
        core.apply(e);
        sink.accept(e);
    }
}

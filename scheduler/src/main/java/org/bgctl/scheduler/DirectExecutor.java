package org.bgctl.scheduler;

import java.util.List;
import java.util.function.BooleanSupplier;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * Runs the policies in virtual time without actors: the reference the actor system must
 * match event for event, and the baseline of the benchmarks. At each timestamp (an arrival, a job's
 * end, a block's boot end or free time, a health change, or an instant the policy asked for): the blocks freed, the
 * blocks that booted, all finishes and failed boots, then the health changes
 * scheduled then (failures kill and, by the kill policy, requeue the jobs they strike), then arrivals
 * in (submit, job id) order, then one scheduling pass — its migration or context switch, if the
 * policy plans one, then its starts; a job that ends at the instant it starts (run time 0) ends at
 * once, and a context switch is followed by another pass.
 */
public final class DirectExecutor {

    private final SchedulerCore core;
    private final EventSink sink;
    private long lastInstant = Long.MIN_VALUE;

    public DirectExecutor(SchedulerCore core, EventSink sink) {
        this.core = core;
        this.sink = sink;
    }

    /** Drives every arrival through the scheduler until nothing is left to happen. */
    public RunEnd run(Arrivals arrivals) {
        return run(arrivals, HealthChanges.NONE);
    }

    /** Drives every arrival and the health changes through the scheduler until nothing is left to happen. */
    public RunEnd run(Arrivals arrivals, HealthChanges health) {
        return run(arrivals, health, Long.MAX_VALUE);
    }

    /**
     * Drives every arrival and the health changes through the scheduler until nothing is left to happen, or until
     * the next instant would come after {@code until}.
     */
    public RunEnd run(Arrivals arrivals, HealthChanges health, long until) {
        return run(arrivals, health, until, () -> false);
    }

    /**
     * {@link #run(Arrivals, HealthChanges, long)}, ended between two instants, {@link RunEnd#INTERRUPTED}, once
     * {@code stopped} says so (a replay interrupted by a signal).
     */
    public RunEnd run(Arrivals arrivals, HealthChanges health, long until, BooleanSupplier stopped) {
        while (true) {
            if (stopped.getAsBoolean()) return RunEnd.INTERRUPTED;
            boolean jobsRemain = core.runningCount() > 0 || !core.queue().isEmpty();
            long t = HealthChanges.nextInstant(arrivals, core.nextEventTime(), jobsRemain, health);
            if (t == Long.MAX_VALUE) return RunEnd.nothingLeft(core.queue().size());
            if (t > until) return RunEnd.UNTIL;
            List<HealthChange> changes = health.nextTime() == t ? health.takeAt(t) : List.of();
            step(t, changes, arrivals.takeAt(t));
        }
    }

    /**
     * The last instant stepped through (Long.MIN_VALUE before the first), an instant at which nothing happened
     * included: a run's last instant as the actors' clock releases it.
     */
    public long lastInstant() {
        return lastInstant;
    }

    /** Jobs still waiting (after {@link #run}: jobs that could never start). */
    public int queued() {
        return core.queue().size();
    }

    /** Everything that happens at time {@code t}. */
    public void step(long t, List<Job> arriving) {
        step(t, List.of(), arriving);
    }

    /** Everything that happens at time {@code t}, health changes included. */
    public void step(long t, List<HealthChange> changes, List<Job> arriving) {
        lastInstant = t;
        core.advanceTo(t);
        emitAll(core.blocksFreedDue(t));
        emitAll(core.bootsDue(t));
        emitAll(core.finishesDue(t));
        for (HealthChange h : changes) emitAll(h.up() ? core.repair(h.component(), t) : core.failure(h.component(), t));
        for (Job job : arriving) emit(new JobSubmitted(job));
        while (true) {
            Plan plan = core.plan();
            // tested, not given lambdas: a lambda capturing t would be allocated at every pass
            if (plan.migration().isPresent()) {
                Migration m = plan.migration().get();
                for (SchedulerEvent e : m.events(t, m.performed())) emit(e);
            }
            if (plan.contextSwitch().isPresent()) emit(plan.contextSwitch().get().event(t));
            for (Start s : plan.starts()) emitAll(core.startEvents(s));
            List<JobEvent> ended = core.finishesDue(t);
            if (ended.isEmpty() && plan.contextSwitch().isEmpty()) return;
            emitAll(ended);
        }
    }

    private void emitAll(List<? extends SchedulerEvent> events) {
        for (SchedulerEvent e : events) emit(e);
    }

    private void emit(SchedulerEvent e) {
        core.apply(e);
        sink.accept(e);
    }
}

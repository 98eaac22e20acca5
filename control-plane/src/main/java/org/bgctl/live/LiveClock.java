package org.bgctl.live;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import akka.pattern.StatusReply;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Function;
import java.util.function.LongSupplier;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;

/**
 * Live time: drives the scheduler from the wall clock, {@link TimeScale#speed()} virtual seconds per
 * wall second. Timed events — a trace's arrivals, the ends of running jobs and scripted or drawn
 * health changes (a fault file, a fault model) — are released when their virtual second comes, and
 * their lateness (fired minus due, in wall time) is recorded. Health changes apply at their instant
 * after the jobs that end then and before the jobs that arrive then, as in a replay, through the same
 * path as an operator's fault.
 * Operator inputs — submissions, cancellations, faults and repairs — are stamped with the virtual
 * second they arrive in and taken in order, after every timed event due before them; they are never
 * sent while an instant is in progress, so the journal alone says in which order everything happened
 * ({@link JournalInputs} reads it back for a replay).
 *
 * <p>A submission is answered once the instant that brought it has settled: with write-ahead
 * journaling the job is then in the journal. A submission waits up to {@code bgctl.live.submit-linger} (wall time)
 * for others to join it, unless a timed event is due at or before its second: submissions close together then go
 * to the scheduler as one instant and to the journal as one write. A cancellation or a fault is answered when the scheduler
 * has recorded it; a pass follows at the same instant, so a freed or repaired part is used at once.
 */
public final class LiveClock extends AbstractBehavior<LiveClock.Command> {

    /**
     * What the clock feeds the scheduler besides the operators' inputs.
     *
     * @param trace          timed arrivals (a trace's jobs still to come), possibly none
     * @param health         timed health changes, in the run's virtual seconds; those before the clock's
     *                       origin are skipped (a resumed run has them in its journal)
     * @param requeueRunning kill and requeue, before the first instant, the jobs recovered running
     */
    public record Inputs(Arrivals trace, HealthChanges health, boolean requeueRunning) {
    }

    /** What the clock accepts. */
    public interface Command {
    }

    /** Submit a job now; answered with {@link Submitted} once it is in the journal. */
    public record Submit(JobSpec spec, ActorRef<Submitted> replyTo) implements Command {
    }

    /** A submitted job's id and submit time (virtual seconds). */
    public record Submitted(long id, long submit) {
    }

    /** Cancel a job; answered with success, or an error naming why not. */
    public record Cancel(long jobId, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    /** Report a component failed ({@code up = false}) or repaired; answered with success or an error. */
    public record SetHealth(String component, boolean up, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    private record Wake() implements Command {
    }

    private record WrappedSettled(SchedulerActor.Settled settled) implements Command {
    }

    private record OperatorAnswered(StatusReply<Done> reply, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    /** An operator input waiting for its turn, stamped with the virtual second it arrived in. */
    private sealed interface Pending permits PendingSubmit, PendingOperation {
        long stamp();
    }

    private record PendingSubmit(long stamp, long arrivedNanos, Job job, ActorRef<Submitted> replyTo)
            implements Pending {
    }

    private record PendingOperation(long stamp, Function<ActorRef<StatusReply<Done>>, SchedulerActor.Command> command,
                                    ActorRef<StatusReply<Done>> replyTo) implements Pending {
    }

    private static final Object WAKE = "wake";
    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);

    private final TimerScheduler<Command> timers;
    private final ActorRef<SchedulerActor.Command> scheduler;
    private final Arrivals trace;
    private final HealthChanges health;
    private final TimeScale scale;
    private final LongSupplier nanos;
    private final Lateness lateness;
    private final long lingerNanos;
    private final ActorRef<SchedulerActor.Settled> settledAdapter;
    private final Deque<Pending> pending = new ArrayDeque<>();
    private final List<PendingSubmit> acks = new ArrayList<>();
    private long nextId;
    private long lastReleased;
    private long nextFinish = Long.MAX_VALUE;
    private boolean busy;

    /**
     * The clock.
     *
     * @param scheduler the scheduler, recovered or fresh
     * @param inputs    the timed arrivals and health changes
     * @param scale     wall to virtual time; its origin is where the run resumes (0, or the journal's last time)
     * @param nanos     the wall clock, {@link System#nanoTime()} scale
     * @param firstId   the id of the first job submitted live
     * @param lateness  receives the lateness of every timed event
     */
    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, Inputs inputs, TimeScale scale,
                                           LongSupplier nanos, long firstId, Lateness lateness) {
        return Behaviors.withTimers(timers -> Behaviors.setup(
                ctx -> new LiveClock(ctx, timers, scheduler, inputs, scale, nanos, firstId, lateness)));
    }

    private LiveClock(ActorContext<Command> context, TimerScheduler<Command> timers,
                      ActorRef<SchedulerActor.Command> scheduler, Inputs inputs, TimeScale scale, LongSupplier nanos,
                      long firstId, Lateness lateness) {
        super(context);
        this.timers = timers;
        this.scheduler = scheduler;
        this.trace = inputs.trace();
        this.health = inputs.health();
        this.scale = scale;
        this.nanos = nanos;
        this.nextId = firstId;
        this.lateness = lateness;
        this.lingerNanos = context.getSystem().settings().config().getDuration("bgctl.live.submit-linger").toNanos();
        this.settledAdapter = context.messageAdapter(SchedulerActor.Settled.class, WrappedSettled::new);
        // The first instant, at the origin, tells the clock when the jobs recovered from the journal end.
        long origin = scale.originVirtual();
        while (health.nextTime() < origin) health.takeAt(health.nextTime());
        if (inputs.requeueRunning())
            scheduler.tell(new SchedulerActor.RequeueRunning(RestartPolicy.COMPONENT, context.getSystem().ignoreRef()));
        lastReleased = origin;
        busy = true;
        scheduler.tell(new SchedulerActor.Advance(origin, health.nextTime() == origin ? health.takeAt(origin) : List.of(),
                trace.nextTime() <= origin ? trace.takeAt(origin) : List.of(), settledAdapter));
    }

    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder()
                .onMessage(Submit.class, this::onSubmit)
                .onMessage(Cancel.class, c -> enqueue(new PendingOperation(stamp(),
                        r -> new SchedulerActor.Cancel(c.jobId(), r), c.replyTo())))
                .onMessage(SetHealth.class, h -> enqueue(new PendingOperation(stamp(),
                        r -> new SchedulerActor.SetComponentHealth(h.component(), h.up(), r), h.replyTo())))
                .onMessage(Wake.class, w -> drive())
                .onMessage(WrappedSettled.class, this::onSettled)
                .onMessage(OperatorAnswered.class, this::onOperatorAnswered)
                .build();
    }

    private long stamp() {
        return Math.max(scale.virtualAt(nanos.getAsLong()), lastReleased);
    }

    private Behavior<Command> onSubmit(Submit submit) {
        long stamp = stamp();
        return enqueue(new PendingSubmit(stamp, nanos.getAsLong(), submit.spec().job(nextId++, stamp),
                submit.replyTo()));
    }

    private Behavior<Command> enqueue(Pending p) {
        pending.addLast(p);
        return drive();
    }

    /** Releases what comes next, unless an instant or an operation is in progress. */
    private Behavior<Command> drive() {
        if (busy) return this;
        long now = nanos.getAsLong();
        Pending head = pending.peekFirst();
        long due = Math.min(Math.min(trace.nextTime(), nextFinish), health.nextTime());
        long horizon = head == null ? scale.virtualAt(now) : head.stamp();
        if (due < horizon || (due == horizon && !(head instanceof PendingSubmit))) {
            lateness.record(now - scale.dueNanos(due));
            return release(due, new ArrayList<>());
        }
        if (head == null) {
            if (due != Long.MAX_VALUE)
                timers.startSingleTimer(WAKE, new Wake(), Duration.ofNanos(Math.max(0, scale.dueNanos(due) - now)));
            return this;
        }
        if (head instanceof PendingOperation op) {
            pending.removeFirst();
            busy = true;
            getContext().askWithStatus(Done.class, scheduler, OPERATION_TIMEOUT, op.command()::apply,
                    (done, failure) -> new OperatorAnswered(failure == null ? StatusReply.ack()
                            : StatusReply.error(failure.getMessage()), op.replyTo()));
            return this;
        }
        long dueNanos = due == Long.MAX_VALUE ? Long.MAX_VALUE : scale.dueNanos(due);
        if (head instanceof PendingSubmit first && now - first.arrivedNanos() < lingerNanos && due > head.stamp()
                && dueNanos > now) {
            // Let others join it, until its linger is over or the next timed event comes due.
            long wake = Math.min(first.arrivedNanos() + lingerNanos, dueNanos);
            timers.startSingleTimer(WAKE, new Wake(), Duration.ofNanos(wake - now));
            return this;
        }
        List<Job> live = new ArrayList<>();
        while (pending.peekFirst() instanceof PendingSubmit s && s.stamp() == head.stamp()) {
            pending.removeFirst();
            acks.add(s);
            live.add(s.job());
        }
        if (due == head.stamp()) lateness.record(now - scale.dueNanos(due));
        return release(head.stamp(), live);
    }

    private Behavior<Command> release(long t, List<Job> arrivals) {
        timers.cancel(WAKE);
        if (trace.nextTime() <= t) arrivals.addAll(trace.takeAt(t));
        arrivals.sort(SchedulerCore.QUEUE_ORDER);
        lastReleased = t;
        busy = true;
        scheduler.tell(new SchedulerActor.Advance(t, health.nextTime() == t ? health.takeAt(t) : List.of(), arrivals,
                settledAdapter));
        return this;
    }

    private Behavior<Command> onSettled(WrappedSettled w) {
        nextFinish = w.settled().nextFinish();
        for (PendingSubmit s : acks) s.replyTo().tell(new Submitted(s.job().id(), s.job().submit()));
        acks.clear();
        busy = false;
        return drive();
    }

    /** The operation is recorded: answer it, then plan again at the same instant. */
    private Behavior<Command> onOperatorAnswered(OperatorAnswered a) {
        a.replyTo().tell(a.reply());
        if (a.reply().isError()) {
            busy = false;
            return drive();
        }
        scheduler.tell(new SchedulerActor.Advance(lastReleased, List.of(), settledAdapter));
        return this;
    }
}

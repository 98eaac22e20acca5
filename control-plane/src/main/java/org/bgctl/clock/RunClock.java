package org.bgctl.clock;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.BehaviorInterceptor;
import akka.actor.typed.PostStop;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.AbstractBehavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.Receive;
import akka.actor.typed.javadsl.TimerScheduler;
import akka.pattern.StatusReply;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.RunEnd;
import org.bgctl.scheduler.SchedulerActor;

/**
 * The clock of every run: it feeds the scheduler one merged stream of inputs — a trace's arrivals, scripted or drawn
 * health changes, the ends of running jobs, the recorded operator inputs of a run re-driven, and the inputs of live
 * operators — one instant at a time, and moves on only when the scheduler reports that every protocol the instant
 * started has completed. Its {@link Pacing} says when an instant is released:
 * <ul>
 * <li>virtual: at once. The clock never reads the wall clock, and the same inputs give the same instants in the
 *     same order;</li>
 * <li>scaled (K virtual seconds per wall second; 1 is wall-clock time): when its virtual second begins, from a timer,
 *     recording how late it fires ({@link Lateness}).</li>
 * </ul>
 * Within an instant the order is: jobs that end, health changes, arrivals in (submit, job id) order, one scheduling
 * pass. The next timed instant is the earliest of the next arrival, the next instant the scheduler has something due
 * (a real end, or a time its policy asked for) and, while jobs or inputs remain, the next health change.
 *
 * <p>Operator inputs — submissions, cancellations, faults and repairs — are stamped with the virtual second they
 * arrive in and taken in order, after every timed event due before them (a submission joins an instant due in its
 * own second, an operation comes after it); they are never sent while an instant is in progress, so the journal alone
 * says in which order everything happened. A cancellation or a health change is recorded at its stamp and followed by
 * a pass at that instant, so a freed or repaired part is used at once; it is answered when the scheduler has recorded
 * it. A submission is answered once its instant has settled (with write-ahead journaling the job is then in the
 * journal); it waits up to {@code bgctl.live.submit-linger} (wall time) for others to join it, unless a timed event is
 * due at or before its second, so submissions close together go to the scheduler as one instant and to the journal as
 * one write.
 *
 * <p>When nothing is left to happen — no input, no job queued or running — a run that does not serve has the
 * scheduler flush its journal and completes its {@link Outcome}; a server waits for its operators.
 *
 * <p>A run that does not serve starts from where its scheduler stands ({@link SchedulerActor.Query}): a scheduler
 * recovered from a journal tells it what is queued, running and due, so a resumed replay goes on exactly as the
 * uninterrupted one did. Asked to stop ({@code stop} of {@link #create(ActorRef, Inputs, Pacing, CompletableFuture,
 * CompletionStage)}), the clock releases no further instant: once the instant in progress has settled the journal is
 * flushed and the outcome completed, marked interrupted.
 */
public final class RunClock extends AbstractBehavior<RunClock.Command> {

    /**
     * What the clock feeds the scheduler besides its live operators' inputs.
     *
     * @param trace          timed arrivals (a trace's jobs still to come), possibly none
     * @param health         timed health changes; those before a server's origin are skipped (a resumed run has them
     *                       in its journal)
     * @param recorded       a recorded run's inputs, re-driven at their times, possibly none
     * @param serves         a server: the first instant is at the origin (to learn when the jobs recovered from the
     *                       journal end) and the clock never ends by itself
     * @param requeueRunning a server only: kill and requeue, before the first instant, the jobs recovered running,
     *                       the kills naming this cause
     * @param firstId        the id of the first job submitted live
     * @param until          a run that does not serve: the last virtual second released (Long.MAX_VALUE: none)
     */
    public record Inputs(Arrivals trace, HealthChanges health, List<RecordedInput> recorded, boolean serves,
                         Optional<String> requeueRunning, long firstId, long until) {

        /** A trace and its health changes, run to the end. */
        public static Inputs of(Arrivals trace, HealthChanges health) {
            return of(trace, health, Long.MAX_VALUE);
        }

        /** A trace and its health changes, run to the end or to virtual second {@code until}. */
        public static Inputs of(Arrivals trace, HealthChanges health, long until) {
            return of(trace, health, until, 1);
        }

        /** As {@link #of(Arrivals, HealthChanges, long)}, jobs submitted live numbered from {@code firstId}. */
        public static Inputs of(Arrivals trace, HealthChanges health, long until, long firstId) {
            return new Inputs(trace, health, List.of(), false, Optional.empty(), firstId, until);
        }

        /** A recorded run's inputs, run to the end. */
        public static Inputs recorded(List<RecordedInput> recorded) {
            return new Inputs(new Arrivals(Collections.emptyIterator()), HealthChanges.NONE, recorded, false,
                    Optional.empty(), 1, Long.MAX_VALUE);
        }

        /** A server's inputs: it runs until it is stopped. */
        public static Inputs serving(Arrivals trace, HealthChanges health, Optional<String> requeueRunning,
                                     long firstId) {
            return new Inputs(trace, health, List.of(), true, requeueRunning, firstId, Long.MAX_VALUE);
        }
    }

    /**
     * How a run ended.
     *
     * @param stamps      instants released
     * @param stillQueued jobs that never started (nothing was left that could free room)
     * @param journaled   events in the journal
     * @param lastTime    the last instant released
     * @param end         why the run ended
     */
    public record Outcome(long stamps, int stillQueued, long journaled, long lastTime, RunEnd end) {

        /** Whether the clock was asked to stop before the run's end. */
        public boolean interrupted() {
            return end == RunEnd.INTERRUPTED;
        }
    }

    /** What the clock accepts. */
    public interface Command {
    }

    /**
     * The id of the first job submitted live on a run whose trace numbers its jobs up to {@code largest}: the next
     * number, so a live job never takes the number of a trace job.
     *
     * @throws IllegalArgumentException when {@code largest} is the largest job number there is, naming {@code trace}
     */
    public static long idAfter(long largest, String trace) {
        if (largest == Long.MAX_VALUE)
            throw new IllegalArgumentException(trace + " has job number " + largest + ", the largest there is: none is"
                    + " left for the jobs the API would submit");
        return Math.max(largest, 0) + 1;
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

    /** Place a reservation; answered with success, or an error naming why not. */
    public record PlaceReservation(Reservation reservation, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    /** Cancel the reservation called {@code name}; answered with success, or an error naming why not. */
    public record CancelReservation(String name, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    private record Wake() implements Command {
    }

    private record Stop() implements Command {
    }


    private record WrappedSettled(SchedulerActor.Settled settled) implements Command {
    }

    private record WrappedFlushed(SchedulerActor.Flushed flushed) implements Command {
    }

    private record OperationAnswered(Operation operation, Throwable failure) implements Command {
    }

    /** An input waiting for its turn, stamped with the virtual second it arrived in. */
    private sealed interface Input permits Arrival, Change, Operation {
        long stamp();
    }

    /** A recorded health change released with the instant of {@code stamp}, before its arrivals. */
    private record Change(long stamp, HealthChange change) implements Input {
    }

    /**
     * Jobs arriving at {@code stamp}: a live submission (with the wall time it came and whom to answer) or a recorded
     * group; {@code joinsInstant} when they go with the timed events due in the same second.
     */
    private record Arrival(long stamp, List<Job> jobs, boolean joinsInstant, long arrivedNanos,
                           ActorRef<Submitted> replyTo) implements Input {
    }

    /** A cancellation or a health change at {@code stamp}; a recorded one ({@code replyTo} null) must succeed. */
    private record Operation(long stamp, String name, Function<ActorRef<StatusReply<Done>>, SchedulerActor.Command> command,
                             ActorRef<StatusReply<Done>> replyTo) implements Input {
    }

    private static final Object WAKE = "wake";
    private static final Duration OPERATION_TIMEOUT = Duration.ofSeconds(30);

    private final TimerScheduler<Command> timers;
    private final ActorRef<SchedulerActor.Command> scheduler;
    private final Arrivals trace;
    private final HealthChanges health;
    private final boolean serves;
    private final long until;
    /** The longest timer the clock sets; a later second is reached through timers chained one after another. */
    private final Duration longestTimer;
    private boolean untilReached;
    private final Pacing.Scaled scaled;
    private final CompletableFuture<Outcome> done;
    private final long lingerNanos;
    private final ActorRef<SchedulerActor.Settled> settledTo;

    private final Deque<Input> inputs = new ArrayDeque<>();
    private final List<Arrival> acks = new ArrayList<>();
    private TimeScale scale;
    private long nextId;
    private long nextFinish = Long.MAX_VALUE;
    private int queued;
    private int running;
    private long stamps;
    private long lastReleased = Long.MIN_VALUE;
    private boolean busy;
    private boolean stopping;
    /** The clock waits for the scheduler to say where it stands ({@link SchedulerActor.Query}). */
    private boolean starting;

    /**
     * The clock.
     *
     * @param scheduler the scheduler, recovered or fresh
     * @param inputs    what to feed it
     * @param pacing    virtual or scaled time
     * @param done      completed with the outcome when the run is over (never for a server), or with the failure that
     *                  stopped it
     */
    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, Inputs inputs, Pacing pacing,
                                           CompletableFuture<Outcome> done) {
        return create(scheduler, inputs, pacing, done, new CompletableFuture<>());
    }

    /**
     * The clock of a run that {@code stop}, once complete, interrupts: no instant is released after it, the journal is
     * flushed and the outcome completed, {@link Outcome#interrupted()}.
     */
    public static Behavior<Command> create(ActorRef<SchedulerActor.Command> scheduler, Inputs inputs, Pacing pacing,
                                           CompletableFuture<Outcome> done, CompletionStage<?> stop) {
        return Behaviors.withTimers(timers -> Behaviors.setup(ctx -> {
            ActorRef<Command> self = ctx.getSelf();
            stop.thenRun(() -> self.tell(new Stop()));
            Behavior<Command> clock = new RunClock(ctx, timers, scheduler, inputs, pacing, done).start();
            return Behaviors.intercept(SettledIn::new, clock).<Command>narrow();
        }));
    }

    /**
     * The scheduler's {@link SchedulerActor.Settled} comes to the clock's own address and is taken in here, once per
     * instant, where a message adapter would pass it through an actor of its own and look the adapter up by class.
     */
    private static final class SettledIn extends BehaviorInterceptor<Object, Command> {

        SettledIn() {
            super(Object.class);
        }

        @Override
        public Behavior<Command> aroundReceive(TypedActorContext<Object> ctx, Object message,
                                               ReceiveTarget<Command> target) {
            return target.apply(ctx, message instanceof SchedulerActor.Settled settled ? new WrappedSettled(settled)
                    : (Command) message);
        }
    }

    private RunClock(ActorContext<Command> context, TimerScheduler<Command> timers,
                     ActorRef<SchedulerActor.Command> scheduler, Inputs inputs, Pacing pacing,
                     CompletableFuture<Outcome> done) {
        super(context);
        this.timers = timers;
        this.scheduler = scheduler;
        this.trace = inputs.trace();
        this.health = inputs.health();
        this.serves = inputs.serves();
        this.until = inputs.until();
        this.longestTimer = context.getSystem().settings().config().getDuration("bgctl.clock.longest-timer");
        this.scaled = pacing instanceof Pacing.Scaled s ? s : null;
        this.done = done;
        this.nextId = inputs.firstId();
        this.lingerNanos = context.getSystem().settings().config().getDuration("bgctl.live.submit-linger").toNanos();
        this.settledTo = context.getSelf().<Object>unsafeUpcast().narrow(); // taken in by SettledIn
        for (RecordedInput r : inputs.recorded()) this.inputs.addLast(replayed(r));
        inputs.requeueRunning().ifPresent(cause ->
                scheduler.tell(new SchedulerActor.RequeueRunning(cause, context.getSystem().ignoreRef())));
    }

    private Behavior<Command> start() {
        if (!serves) {
            busy = true;
            starting = true;
            scheduler.tell(new SchedulerActor.Query(settledTo));
            return this;
        }
        // The first instant, at the origin, tells the clock when the jobs recovered from the journal end.
        scale = scaled.scale().orElseThrow(() -> new IllegalArgumentException("a server's clock needs its origin"));
        long origin = scale.originVirtual();
        while (health.nextTime() < origin) health.takeAt(health.nextTime());
        return release(origin, null, false);
    }

    /** The scheduler, fresh or recovered, says where it stands: the run goes on from there. */
    private Behavior<Command> onStarting(SchedulerActor.Settled settled) {
        starting = false;
        busy = false;
        nextFinish = settled.nextFinish();
        queued = settled.queued();
        running = settled.running();
        if (scaled != null) {
            long first = Math.min(nextTimed(), inputs.isEmpty() ? Long.MAX_VALUE : inputs.peekFirst().stamp());
            scale = scaled.scale().orElseGet(() -> new TimeScale(first == Long.MAX_VALUE ? 0 : first,
                    scaled.nanos().getAsLong(), scaled.speed()));
        }
        return drive();
    }

    /**
     * One handler for every command, which tells them apart itself: the receive builder takes Akka's serializable
     * functions, whose lambda classes the JVM spins anew in every run, about a millisecond each before the first job
     * (as {@code UnitAgent}'s).
     */
    @Override
    public Receive<Command> createReceive() {
        return newReceiveBuilder().onAnyMessage(this::on).onSignal(PostStop.class, this::onPostStop).build();
    }

    /** Handles {@code command}: the scheduler's {@link SchedulerActor.Settled} first, once per instant. */
    private Behavior<Command> on(Command command) {
        if (command instanceof WrappedSettled w) return onSettled(w);
        if (command instanceof Submit s) return onSubmit(s);
        if (command instanceof Cancel c) return onCancel(c);
        if (command instanceof SetHealth h) return onSetHealth(h);
        if (command instanceof PlaceReservation p) return onPlaceReservation(p);
        if (command instanceof CancelReservation c) return onCancelReservation(c);
        if (command instanceof Wake) return drive();
        if (command instanceof Stop) {
            stopping = true;
            return drive();
        }
        if (command instanceof OperationAnswered a) return onOperationAnswered(a);
        if (command instanceof WrappedFlushed f) return onFlushed(f);
        return Behaviors.unhandled();
    }

    private Behavior<Command> onPostStop(PostStop stop) {
        done.completeExceptionally(new IllegalStateException("the clock was stopped"));
        return this;
    }

    private Behavior<Command> onSubmit(Submit submit) {
        long stamp = stamp();
        return enqueue(new Arrival(stamp, List.of(submit.spec().job(nextId++, stamp)), true,
                scaled.nanos().getAsLong(), submit.replyTo()));
    }

    private Behavior<Command> onCancel(Cancel c) {
        long stamp = stamp();
        return enqueue(new Operation(stamp, "cancel job " + c.jobId(),
                r -> new SchedulerActor.Cancel(c.jobId(), stamp, r), c.replyTo()));
    }

    private Behavior<Command> onSetHealth(SetHealth h) {
        long stamp = stamp();
        return enqueue(new Operation(stamp, (h.up() ? "repair " : "fail ") + h.component(),
                r -> new SchedulerActor.SetComponentHealth(h.component(), h.up(), stamp, r), h.replyTo()));
    }

    private Behavior<Command> onPlaceReservation(PlaceReservation p) {
        long stamp = stamp();
        return enqueue(new Operation(stamp, "reserve " + p.reservation().name(),
                r -> new SchedulerActor.PlaceReservation(p.reservation(), stamp, r), p.replyTo()));
    }

    private Behavior<Command> onCancelReservation(CancelReservation c) {
        long stamp = stamp();
        return enqueue(new Operation(stamp, "cancel reservation " + c.name(),
                r -> new SchedulerActor.CancelReservation(c.name(), stamp, r), c.replyTo()));
    }

    /** The virtual second a live input arrives in; never before the last instant released. */
    private long stamp() {
        if (scale == null) throw new IllegalStateException("operator inputs need a scaled clock");
        return Math.max(scale.virtualAt(scaled.nanos().getAsLong()), lastReleased);
    }

    private Behavior<Command> enqueue(Input input) {
        inputs.addLast(input);
        return drive();
    }

    private static Input replayed(RecordedInput r) {
        if (r instanceof RecordedInput.Arrival a)
            return new Arrival(a.time(), a.jobs(), !a.afterInstant(), 0, null);
        if (r instanceof RecordedInput.Health h)
            return new Change(h.time(), new HealthChange(h.time(), h.component(), h.up()));
        RecordedInput.Operation op = (RecordedInput.Operation) r;
        long t = op.time();
        return new Operation(t, op.toString(), switch (op.kind()) {
            case CANCEL -> replyTo -> new SchedulerActor.Cancel(op.jobId(), t, replyTo);
            case FAIL -> replyTo -> new SchedulerActor.SetComponentHealth(op.component(), false, t, replyTo);
            case REPAIR -> replyTo -> new SchedulerActor.SetComponentHealth(op.component(), true, t, replyTo);
            case RESTART -> replyTo -> new SchedulerActor.RequeueRunning(op.component(), replyTo);
            case RESERVE -> replyTo -> new SchedulerActor.PlaceReservation(op.reservation(), t, replyTo);
            case UNRESERVE -> replyTo -> new SchedulerActor.CancelReservation(op.component(), t, replyTo);
        }, null);
    }

    /**
     * The next timed instant — the earliest of the next arrival, the next instant the scheduler has something due
     * and, while jobs or inputs remain (always for a server), the next health change — or Long.MAX_VALUE.
     */
    private long nextTimed() {
        return HealthChanges.nextInstant(trace, nextFinish, queued > 0 || running > 0 || !inputs.isEmpty() || serves,
                health);
    }

    /** Releases what comes next, unless an instant or an operation is in progress or its time has not come. */
    private Behavior<Command> drive() {
        if (busy) return this;
        if (stopping) return end();
        try {
            long due = nextTimed();
            Input head = inputs.peekFirst();
            long next = Math.min(due, head == null ? Long.MAX_VALUE : head.stamp());
            if (next != Long.MAX_VALUE && next > until) {
                untilReached = true;
                return end();
            }
            if (head == null || due < head.stamp() || (due == head.stamp() && !joinsInstant(head))) {
                if (due == Long.MAX_VALUE) return serves ? this : end();
                if (!reached(due)) return this;
                return release(due, null, true);
            }
            long t = head.stamp();
            if (!reached(t)) return this;
            if (head instanceof Operation op) {
                inputs.removeFirst();
                if (op.replyTo() == null) late(t);
                busy = true;
                getContext().askWithStatus(Done.class, scheduler, OPERATION_TIMEOUT, op.command()::apply,
                        (ok, failure) -> new OperationAnswered(op, failure));
                return this;
            }
            if (head instanceof Arrival live && live.replyTo() != null && lingers(live, due)) return this;
            List<HealthChange> changes = new ArrayList<>();
            while (inputs.peekFirst() instanceof Change c && c.stamp() == t) {
                inputs.removeFirst();
                changes.add(c.change());
            }
            Arrival first = inputs.peekFirst() instanceof Arrival a && a.stamp() == t
                    && (changes.isEmpty() || a.joinsInstant()) ? a : null;
            List<Job> arriving = new ArrayList<>();
            while (first != null && inputs.peekFirst() instanceof Arrival a && a.stamp() == t
                    && (a == first || a.replyTo() != null)) {
                inputs.removeFirst();
                if (a.replyTo() != null) acks.add(a);
                arriving.addAll(a.jobs());
            }
            return release(t, arriving, changes, due == t || first == null || first.replyTo() == null);
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return Behaviors.stopped();
        }
    }

    private static boolean joinsInstant(Input input) {
        return input instanceof Change || input instanceof Arrival a && a.joinsInstant();
    }

    /**
     * Whether virtual second {@code t} has begun: always in virtual time; in scaled time, when not, a timer wakes the
     * clock then — or, when that is further ahead than {@code bgctl.clock.longest-timer} (Akka's timers take about
     * 24.8 days at most), at that distance, to set the next timer of the chain. A timed event released records its
     * lateness ({@link #late}).
     */
    private boolean reached(long t) {
        if (scaled == null) return true;
        long wait = scale.dueNanos(t) - scaled.nanos().getAsLong();
        if (wait <= 0) return true;
        // Akka's timers reach at most about 24 days ahead: a later instant (a reservation's end, a long job at a low
        // speed) is waited for in steps of at most bgctl.clock.longest-timer, the clock checking again at each wake
        timers.startSingleTimer(WAKE, new Wake(), Duration.ofNanos(Math.min(wait, longestTimer.toNanos())));
        return false;
    }

    /** Records how late, in wall time, the timed event of second {@code t} fires (scaled time only). */
    private void late(long t) {
        if (scaled != null) scaled.lateness().record(scaled.nanos().getAsLong() - scale.dueNanos(t));
    }

    /**
     * Whether a live submission waits for others to join it: until its linger is over, unless a timed event is due
     * at or before its second.
     */
    private boolean lingers(Arrival first, long due) {
        long now = scaled.nanos().getAsLong();
        long dueNanos = due == Long.MAX_VALUE ? Long.MAX_VALUE : scale.dueNanos(due);
        if (now - first.arrivedNanos() >= lingerNanos || due <= first.stamp() || dueNanos <= now) return false;
        timers.startSingleTimer(WAKE, new Wake(), Duration.ofNanos(Math.min(first.arrivedNanos() + lingerNanos,
                dueNanos) - now));
        return true;
    }

    /**
     * Releases instant {@code t}: the jobs that end then, the health changes and the trace's arrivals due then, and
     * {@code arriving} (null: none; in virtual time a trace replay allocates nothing more per instant).
     *
     * @param timed the instant was due at its second (a timed or recorded event), so its lateness is recorded
     */
    private Behavior<Command> release(long t, List<Job> arriving, boolean timed) {
        return release(t, arriving, List.of(), timed);
    }

    /** Releases instant {@code t} as {@link #release(long, List, boolean)}, with the recorded health {@code changes}. */
    private Behavior<Command> release(long t, List<Job> arriving, List<HealthChange> changes, boolean timed) {
        if (scaled != null) {
            timers.cancel(WAKE);
            if (timed) late(t);
        }
        List<Job> jobs = trace.nextTime() <= t ? trace.takeAt(t) : List.of();
        if (arriving != null && !arriving.isEmpty()) {
            arriving.addAll(jobs);
            arriving.sort(Job.QUEUE_ORDER);
            jobs = arriving;
        }
        List<HealthChange> due = health.nextTime() == t ? health.takeAt(t) : List.of();
        if (!changes.isEmpty()) {
            due = new ArrayList<>(due);
            due.addAll(changes);
        }
        lastReleased = t;
        busy = true;
        scheduler.tell(new SchedulerActor.Advance(t, due, jobs, settledTo));
        return this;
    }

    private Behavior<Command> onSettled(WrappedSettled w) {
        if (starting) return onStarting(w.settled());
        stamps++;
        nextFinish = w.settled().nextFinish();
        queued = w.settled().queued();
        running = w.settled().running();
        if (!acks.isEmpty()) {
            for (Arrival a : acks) {
                Job job = a.jobs().get(0);
                a.replyTo().tell(new Submitted(job.id(), job.submit()));
            }
            acks.clear();
        }
        busy = false;
        return drive();
    }

    /** The operation is recorded: answer it, then plan again at its instant. */
    private Behavior<Command> onOperationAnswered(OperationAnswered a) {
        Operation op = a.operation();
        if (op.replyTo() == null && a.failure() != null) {
            done.completeExceptionally(new IllegalStateException("the replay refused a recorded operation: "
                    + op.name() + ": " + a.failure().getMessage()));
            return Behaviors.stopped();
        }
        if (op.replyTo() != null)
            op.replyTo().tell(a.failure() == null ? StatusReply.ack() : StatusReply.error(a.failure()));
        if (a.failure() != null) {
            busy = false;
            return drive();
        }
        lastReleased = Math.max(lastReleased, op.stamp());
        scheduler.tell(new SchedulerActor.Advance(lastReleased, List.of(), settledTo));
        return this;
    }

    /** Nothing is left to happen: the journal is flushed, then the outcome completed. */
    private Behavior<Command> end() {
        busy = true;
        scheduler.tell(new SchedulerActor.Flush(getContext().messageAdapter(SchedulerActor.Flushed.class,
                WrappedFlushed::new)));
        return this;
    }

    private Behavior<Command> onFlushed(WrappedFlushed w) {
        RunEnd end = stopping ? RunEnd.INTERRUPTED : untilReached ? RunEnd.UNTIL : RunEnd.nothingLeft(queued);
        done.complete(new Outcome(stamps, queued, w.flushed().events(), lastReleased, end));
        return Behaviors.stopped();
    }
}

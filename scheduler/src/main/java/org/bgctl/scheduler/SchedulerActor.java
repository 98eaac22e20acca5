package org.bgctl.scheduler;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.BehaviorInterceptor;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.TimerScheduler;
import akka.pattern.StatusReply;
import akka.persistence.typed.PersistenceId;
import akka.persistence.typed.RecoveryCompleted;
import akka.persistence.typed.SnapshotAdapter;
import akka.persistence.typed.javadsl.CommandHandler;
import akka.persistence.typed.javadsl.Effect;
import akka.persistence.typed.javadsl.EffectBuilder;
import akka.persistence.typed.javadsl.EventHandler;
import akka.persistence.typed.javadsl.EventSourcedBehavior;
import akka.persistence.typed.javadsl.RetentionCriteria;
import akka.persistence.typed.javadsl.SignalHandler;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.typesafe.config.Config;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.bgctl.agents.CborSerializable;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.Answer;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.StepRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.event.BlockBooted;
import org.bgctl.scheduler.event.BlockFreed;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.ReservationCancelled;
import org.bgctl.scheduler.event.ReservationEvent;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.JobEvent;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.ProtocolRunner.Kind;
import org.bgctl.scheduler.ProtocolRunner.Phase;
import org.bgctl.scheduler.ProtocolRunner.Request;
import org.bgctl.scheduler.policy.Policies;

/**
 * The scheduler as an event-sourced actor. It owns the {@link SchedulerCore}, runs the policy
 * at each instant the clock releases, and executes every decision as a transaction with the
 * agents in two phases — Reserve to every unit of the partition (compute), then to every switch
 * whose ports it uses (links) — then, all granted, the decision is recorded and Commit sent, or
 * Abort when any agent refused.
 *
 * <p>The protocol. Every step sent to an agent goes through one {@link ProtocolRunner}: it carries a
 * transaction id, is answered, and belongs to a batch (a phase) with a timeout; unanswered steps are
 * sent again ({@code bgctl.scheduler.phase-attempts} sendings in all) and then given up, which counts as
 * a refusal and runs the transaction's undo. A pass plans, and an instant settles, only once every step
 * sent is answered or given up; an instant whose steps were given up asks for the next second.
 *
 * <p>Faults. Agents are authoritative for health. A refusal names the failed components it met,
 * and an agent tells the holder when a part it holds goes down ({@link HoldLost}); the scheduler
 * records each newly failed component as {@code ComponentFailed} (after {@code JobKilled} for the
 * jobs that held it), so its machine view stays in step with the agents. A refused decision
 * leaves its job queued; when the refusals revealed a failure, the pass is planned again at the
 * same instant, at most {@code bgctl.scheduler.max-retries} times, so the job goes elsewhere.
 * Operators report failures and repairs with {@link SetComponentHealth}. Nothing partially
 * allocated is ever recorded: only a decision granted by all its agents becomes {@code JobStarted}.
 *
 * <p>A plan that migrates runs its migration first, as one transaction ({@link MigrationTransaction}):
 * Checkpoint to the units of every moving job, Reserve of the new partitions, then, all granted, the
 * migration is recorded, Commit hands the units over and Restart resumes each job on its new units;
 * a refusal or a step given up aborts it — every job restarts where it was, nothing is recorded but the attempt — and
 * the plan's starts, planned on the rearranged machine, are dropped until the next instant.
 *
 * <p>A plan that switches a gang (preemptive FCFS) runs its switch first, as one transaction
 * ({@link GangTransaction}): Suspend to the units of every job it stops; all granted, the switch is recorded,
 * Resume goes to the units of every job it restarts, and the plan's starts follow (a wide job starting by
 * preemption reserves the nodes of the jobs suspended for it); a refusal or a step given up undoes every suspension
 * that was (or may have been) granted with a Resume of the switch's transaction, nothing
 * is recorded and the starts are dropped until the next instant. After a switch the instant has another pass.
 *
 * <p>Journal grouping: events are journaled as {@link EventBatch}es, each written atomically.
 * With {@code journalGroup = 0} every decision is written to the journal before its Commit is
 * sent (write-ahead; used in real time). With a group of N events, as in virtual time,
 * decisions take effect at once and a batch is written once more than N events are waiting,
 * and always before the run is reported finished; what a crash can lose is re-derived from the
 * same inputs, since virtual time is deterministic.
 *
 * <p>Snapshots: every {@code bgctl.scheduler.snapshot-every} journal entries (0: never) the state is saved as a
 * {@link Snapshot} — the core's {@link CoreSnapshot} — and the two latest are kept; recovery loads the latest
 * and replays only the entries written after it. Entries are never deleted: the journal stays the run's full
 * record.
 */
public final class SchedulerActor extends EventSourcedBehavior<SchedulerActor.Command, EventBatch, SchedulerActor.State> {

    /** What the scheduler accepts. */
    public interface Command extends CborSerializable {
    }

    /**
     * The clock releases time {@code time}: after the jobs that end then, these health changes apply
     * (as {@link SetComponentHealth} does), then these jobs arrive. Answered with {@link Settled}.
     */
    public record Advance(long time, List<HealthChange> health, List<Job> arrivals, ActorRef<Settled> replyTo)
            implements Command {

        @JsonCreator
        public Advance {
        }

        /** The clock releases time {@code time}: these jobs arrive. */
        public Advance(long time, List<Job> arrivals, ActorRef<Settled> replyTo) {
            this(time, List.of(), arrivals, replyTo);
        }
    }

    /**
     * Everything due at {@code time} has happened and every protocol it started is complete.
     *
     * @param nextFinish the next instant something is due — the earliest real end of a running job, or a time the
     *                   policy asked to be woken at ({@link SchedulerCore#nextEventTime()}) — or Long.MAX_VALUE
     */
    public record Settled(long time, long nextFinish, int queued, int running) implements CborSerializable {
    }

    /**
     * Asks, between instants, where the scheduler stands — the last instant it recorded, what is due next, how many
     * jobs are queued and running — as a {@link Settled}; a clock starting on a recovered scheduler begins from it.
     */
    public record Query(ActorRef<Settled> replyTo) implements Command {

        @JsonCreator
        public Query {
        }
    }

    /** Writes whatever is not yet in the journal; answered with {@link Flushed}. */
    public record Flush(ActorRef<Flushed> replyTo) implements Command {

        @JsonCreator
        public Flush {
        }
    }

    /** The journal holds every event so far. */
    public record Flushed(long events) implements CborSerializable {

        @JsonCreator
        public Flushed {
        }
    }

    /**
     * An operator reports that {@code component} failed ({@code up = false}) or is repaired: the
     * scheduler records it — killing the jobs that hold a failed component — and tells the agents.
     * It takes effect at the next pass. Sent between instants, it is recorded at {@code time} (the virtual second the
     * report arrived in; never before the last instant). Answered with success, or an error naming an unknown component.
     */
    public record SetComponentHealth(String component, boolean up, long time, ActorRef<StatusReply<Done>> replyTo)
            implements Command {

        @JsonCreator
        public SetComponentHealth {
        }

        /** The report, recorded at the scheduler's current time. */
        public SetComponentHealth(String component, boolean up, ActorRef<StatusReply<Done>> replyTo) {
            this(component, up, Long.MIN_VALUE, replyTo);
        }
    }

    /**
     * An operator cancels job {@code jobId}: a queued job leaves the queue, a running one is stopped and
     * its units released. Sent between instants, it is recorded at {@code time} (the virtual second the request arrived
     * in; never before the last instant); answered with success, or an error when the job is neither queued nor running
     * or an instant is in progress.
     */
    public record Cancel(long jobId, long time, ActorRef<StatusReply<Done>> replyTo) implements Command {

        @JsonCreator
        public Cancel {
        }

        /** The cancellation, recorded at the scheduler's current time. */
        public Cancel(long jobId, ActorRef<StatusReply<Done>> replyTo) {
            this(jobId, Long.MIN_VALUE, replyTo);
        }
    }

    /**
     * An operator reserves part of the machine ({@link ReservationPlaced}); recorded like {@link Cancel}, and
     * answered with success, or an error when the name is taken, the window has ended or an instant is in progress.
     */
    public record PlaceReservation(Reservation reservation, long time, ActorRef<StatusReply<Done>> replyTo)
            implements Command {
    }

    /** An operator cancels the reservation called {@code name} ({@link ReservationCancelled}); as above. */
    public record CancelReservation(String name, long time, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    /**
     * Agents may have started afresh (a cluster member was lost and its agents moved): tell every
     * agent again, with {@link UnitProtocol.Adopt} and {@link UnitProtocol.SetHealth}, what the
     * journal says runs on it and is down. Agents that knew it already ignore the repetition.
     */
    public record Resync() implements Command {
    }

    /**
     * Kills every running job now, {@code JobKilled} naming {@code cause}, and requeues it ({@code JobRequeued}) to
     * run again from the beginning; the agents release its units. Sent between instants, e.g. by a server started
     * again whose jobs did not survive its stop, before its first instant. Answered with success once journaled.
     */
    public record RequeueRunning(String cause, ActorRef<StatusReply<Done>> replyTo) implements Command {
    }

    /**
     * The agent of {@code unit} was restarted after a failure and holds nothing: the scheduler sends it again
     * the parts of the running jobs it holds ({@code Adopt}) and the failed components on it ({@code SetHealth}).
     */
    public record UnitRestarted(String unit) implements Command {

        @JsonCreator
        public UnitRestarted {
        }
    }

    /**
     * Asks how the protocol went so far; answered with {@link ProtocolStats}. Sent once the run is over, for its
     * summary.
     */
    public record GetProtocolStats(ActorRef<ProtocolStats> replyTo) implements Command {

        @JsonCreator
        public GetProtocolStats {
        }
    }

    /**
     * How the protocol went.
     *
     * @param timeouts batches of steps that timed out (each sends its unanswered steps again, or gives them up)
     * @param givenUp  steps given up after the last attempt
     * @param aborted  transactions aborted or undone: allocations refused, migrations aborted, switches undone
     */
    public record ProtocolStats(long timeouts, long givenUp, long aborted) implements CborSerializable {
    }

    /**
     * An agent's answer to a step, as the event-sourced behavior takes it: the agents answer to the scheduler itself
     * ({@link CommandsAside} takes an {@link Answer} in), and only an answer passed on to that behavior is wrapped.
     */
    private record Answered(Answer answer) implements Command {

        @JsonCreator
        private Answered {
        }
    }

    private record ContinueStamp() implements Command {
    }

    /** A command handled beside the event-sourced behavior ({@link CommandsAside}) yielded an effect: apply it. */
    private record ApplyEffect() implements Command {
    }

    /** The protocol's timer ticked ({@link ProtocolRunner#tick}); also the key of that timer. */
    private record ProtocolTick() implements Command {
    }

    private record StartPlanned(List<Start> starts) implements Command {

        @JsonCreator
        private StartPlanned {
        }
    }

    /**
     * What a snapshot keeps of the {@link State}: the core's state and the number of events journaled. The rest of
     * the state is the bookkeeping of an instant in progress, which a restart does not resume.
     */
    public record Snapshot(long journaled, CoreSnapshot core) implements CborSerializable {
    }

    /** The scheduler's state: the core plus the bookkeeping of the stamp in progress. */
    public static final class State {
        final SchedulerCore core;
        boolean live;
        long nextTx = 1;
        long journaled;
        final List<SchedulerEvent> unjournaled = new ArrayList<>();
        Transaction transaction;
        /** A context switch was recorded in this pass: the instant gets another pass. */
        boolean switched;
        /**
         * A step of this instant was given up unanswered: its transaction was undone, and the instant asks to be
         * followed by the next second, so that its jobs are tried again even if nothing else happens.
         */
        boolean gaveUp;
        /** What waits for the answers to the steps still out: the next pass, or the end of the instant. */
        Supplier<Effect<EventBatch, State>> whenQuiet;
        ActorRef<Settled> waiting;
        long stampTime;
        int retries;
        boolean retryPass;

        State(SchedulerCore core) {
            this.core = core;
        }

        public SchedulerCore core() {
            return core;
        }

        /** The time of events that happen now: the instant in progress, else the last one. */
        long now() {
            if (waiting != null) return stampTime;
            return core.now() == Long.MIN_VALUE ? 0 : core.now();
        }
    }

    private final ActorContext<Command> context;
    private final TimerScheduler<Command> timers;
    private final Supplier<SchedulerCore> coreFactory;
    private final UnitDirectory units;
    private final EventSink sink;
    private final int journalGroup;
    private final SchedulerSettings settings;
    private final RetentionCriteria retention;
    private final ActorRef<Answer> answers;
    private final int phaseAttempts;
    /** Whether unanswered steps are expected (chaos): their timeouts, and what they undo, are then logged at INFO. */
    private final boolean timeoutsExpected;
    private final ProtocolRunner<Effect<EventBatch, State>> runner;
    /** Transactions aborted or undone so far. */
    private long aborted;
    /** Commands passed on to the event-sourced behavior, and commands it handled: equal when none is stashed. */
    private long passed;
    private long handled;
    /** A journal write is under way: the event-sourced behavior stashes what comes until it is done. */
    private boolean writing;
    /** The state once recovered (the event handler changes it in place), else null. */
    private State recovered;
    /** The command handlers, built once. */
    private final CommandHandler<Command, EventBatch, State> handlers;
    /** What a command handled by {@link CommandsAside} yielded, for the {@link ApplyEffect} that follows it. */
    private Effect<EventBatch, State> toApply;

    private SchedulerActor(ActorContext<Command> context, TimerScheduler<Command> timers, PersistenceId id,
                           Supplier<SchedulerCore> coreFactory, UnitDirectory units, EventSink sink, int journalGroup) {
        super(id);
        this.context = context;
        this.timers = timers;
        this.coreFactory = coreFactory;
        this.units = units;
        this.sink = sink;
        this.journalGroup = journalGroup;
        this.settings = SchedulerSettings.from(context.getSystem().settings().config());
        this.retention = retention(context.getSystem().settings().config());
        // the scheduler's own address: an answer comes in as it is, without a message adapter's own actor and its
        // look-up of the adapter by the answer's class
        this.answers = context.getSelf().<Object>unsafeUpcast().narrow();
        this.phaseAttempts = context.getSystem().settings().config().getInt("bgctl.scheduler.phase-attempts");
        this.timeoutsExpected = context.getSystem().settings().config().getBoolean("bgctl.scheduler.timeouts-expected");
        ProtocolTick tick = new ProtocolTick();
        this.runner = new ProtocolRunner<>(this::send, new ProtocolRunner.Timers() {
            @Override
            public void arm() {
                timers.startSingleTimer(tick, tick, settings.phaseTimeout().dividedBy(ProtocolRunner.TICKS_PER_TIMEOUT));
            }

            @Override
            public void timedOut(long batch, int attempt) {
                // past the last attempt only steps that must be done are left, sent again until answered
                String message = attempt <= phaseAttempts ? "protocol steps of batch {} unanswered after {} (attempt {} of {})"
                        : "protocol steps of batch {} unanswered after {} (attempt {}; steps that must be done are sent"
                        + " past the {} attempts until answered)";
                // the timeout as the refusal that may follow says it ("50 ms"), not as a Duration prints ("PT0.05S")
                String timeout = settings.phaseTimeout().toMillis() + " ms";
                if (timeoutsExpected) context.getLog().info(message, batch, timeout, attempt, phaseAttempts);
                else context.getLog().warn(message, batch, timeout, attempt, phaseAttempts);
            }
        }, phaseAttempts);
        this.handlers = handlers();
    }

    /**
     * The scheduler behavior.
     *
     * @param id           its persistence id
     * @param coreFactory  makes the empty core (policy + machine) that recovery starts from
     * @param units        the unit agents, by entity id
     * @param sink         receives every event as it happens
     * @param journalGroup 0 for write-ahead journaling, else the journal group size in events
     */
    public static Behavior<Command> create(PersistenceId id, Supplier<SchedulerCore> coreFactory,
                                           UnitDirectory units, EventSink sink, int journalGroup) {
        return Behaviors.withTimers(timers -> Behaviors.setup(ctx -> {
            SchedulerActor scheduler = new SchedulerActor(ctx, timers, id, coreFactory, units, sink, journalGroup);
            return Behaviors.intercept(() -> scheduler.new CommandsAside(), scheduler).<Command>narrow();
        }));
    }

    /**
     * Handles the commands beside the event-sourced behavior when journaling in groups (virtual time), once it has
     * recovered, while it writes nothing and holds no command back (stashed): Akka's event-sourced behavior sets the
     * logging context (MDC) and runs its effect machinery for every command, which cost the protocol's answers and the
     * clock's instants more than their handling. A command is handled here by the same handlers, on the same state; an effect other than none (a
     * write, or what runs after it) goes on to the event-sourced behavior in an {@link ApplyEffect}, which applies it
     * at once. Every command goes the usual way while a write is under way or a command waits, and always when every
     * decision is written ahead (journal group 0, live time), where a command costs little beside its write.
     *
     * <p>It also takes the agents' {@link Answer}s in, which come to the scheduler's own address: an answer handled
     * here goes straight to its handler, one passed on is wrapped as the {@link Answered} command.
     */
    private final class CommandsAside extends BehaviorInterceptor<Object, Command> {

        CommandsAside() {
            super(Object.class);
        }

        @Override
        @SuppressWarnings("unchecked")
        public Behavior<Command> aroundReceive(TypedActorContext<Object> ctx, Object message,
                                               ReceiveTarget<Command> target) {
            // the event-sourced behavior's own messages (the journal's replies, its recovery permit) pass untouched
            if (!(message instanceof Command) && !(message instanceof Answer)) {
                ReceiveTarget<Object> any = (ReceiveTarget<Object>) (ReceiveTarget<?>) target;
                return (Behavior<Command>) (Behavior<?>) any.apply(ctx, message);
            }
            Command command = message instanceof Answer ? null : (Command) message;
            if (journalGroup > 0 && recovered != null && !writing && passed == handled) {
                Effect<EventBatch, State> effect = command == null ? onAnswered(recovered, (Answer) message)
                        : handlers.apply(recovered, command);
                if (effect == Effect().none()) return Behaviors.same();
                toApply = effect;
                command = new ApplyEffect();
            } else if (command == null) {
                command = new Answered((Answer) message);
            }
            passed++;
            return target.apply(ctx, command);
        }
    }

    @Override
    public State emptyState() {
        return new State(coreFactory.get());
    }

    /** A snapshot every {@code bgctl.scheduler.snapshot-every} journal entries, the two latest kept; none for 0. */
    private static RetentionCriteria retention(Config config) {
        int every = config.getInt("bgctl.scheduler.snapshot-every");
        if (every < 0)
            throw new IllegalArgumentException("bgctl.scheduler.snapshot-every must not be negative, was " + every);
        return every == 0 ? RetentionCriteria.disabled() : RetentionCriteria.snapshotEvery(every, 2);
    }

    @Override
    public RetentionCriteria retentionCriteria() {
        return retention;
    }

    @Override
    public SnapshotAdapter<State> snapshotAdapter() {
        return new SnapshotAdapter<>() {
            @Override
            public Object toJournal(State state) {
                return new Snapshot(state.journaled, state.core.snapshot());
            }

            @Override
            public State fromJournal(Object from) {
                Snapshot snapshot = (Snapshot) from;
                State state = emptyState();
                state.core.restore(snapshot.core());
                state.journaled = snapshot.journaled();
                return state;
            }
        };
    }

    @Override
    public EventHandler<State, EventBatch> eventHandler() {
        return (state, batch) -> {
            if (!state.live) batch.events().forEach(state.core::apply);
            state.journaled += batch.events().size();
            return state;
        };
    }

    @Override
    public SignalHandler<State> signalHandler() {
        return newSignalHandlerBuilder()
                .onSignal(RecoveryCompleted.instance(), this::onRecovered)
                .build();
    }

    /** Fresh agents learn from the journal what runs on them and what is down. */
    private void onRecovered(State state) {
        state.live = true;
        recovered = state;
        state.nextTx = state.journaled + 1;
        for (String unit : state.core.machine().units()) units.ref(unit).tell(new UnitProtocol.NewRun());
        resync(state, unit -> true);
    }

    /**
     * Tells the agents of the units {@code which} accepts what runs on them, what is suspended on them (with the
     * nodes a wide job borrowed of a suspended job's, on node sets) and what is down on them.
     */
    private void resync(State state, Predicate<String> which) {
        for (GangLoan loan : state.core.gangLoans()) {
            if (which.test(loan.unit()))
                units.ref(loan.unit()).tell(new UnitProtocol.AdoptLoan(loan.wideJob(), loan.lender(), loan.nodes()));
        }
        Optional<GangView> gang = state.core.gang();
        for (RunningJob s : state.core.suspendedJobs()) {
            for (Claim c : s.allocation().claims()) {
                if (which.test(c.unit()))
                    units.ref(c.unit()).tell(new UnitProtocol.AdoptSuspended(s.id(), gang.orElseThrow().wideJob(), c));
            }
        }
        for (RunningJob r : state.core.runningByEstimatedEnd()) {
            for (Claim c : r.allocation().claims())
                if (which.test(c.unit())) units.ref(c.unit()).tell(new UnitProtocol.Adopt(r.id(), c));
        }
        for (String component : state.core.machine().downComponents()) {
            for (Claim part : state.core.machine().componentClaims(component))
                if (which.test(part.unit())) units.ref(part.unit()).tell(new UnitProtocol.SetHealth(component, part, false));
        }
    }

    private Effect<EventBatch, State> onUnitRestarted(State state, UnitRestarted restarted) {
        resync(state, restarted.unit()::equals);
        return Effect().none();
    }

    @Override
    public CommandHandler<Command, EventBatch, State> commandHandler() {
        return (state, command) -> {
            handled++;
            return handlers.apply(state, command);
        };
    }

    private CommandHandler<Command, EventBatch, State> handlers() {
        return newCommandHandlerBuilder().forAnyState()
                .onCommand(Advance.class, this::onAdvance)
                .onCommand(Answered.class, (state, c) -> onAnswered(state, c.answer()))
                .onCommand(ProtocolTick.class, (state, c) -> orNone(runner.tick()))
                .onCommand(GetProtocolStats.class, (state, c) -> Effect().none().thenRun(s -> c.replyTo().tell(
                        new ProtocolStats(runner.timeouts(), runner.givenUp(), aborted))))
                .onCommand(ContinueStamp.class, (state, c) -> afterCommits(state))
                .onCommand(StartPlanned.class, (state, c) -> start(state, c.starts()))
                .onCommand(SetComponentHealth.class, this::onSetComponentHealth)
                .onCommand(Cancel.class, this::onCancel)
                .onCommand(PlaceReservation.class, (state, c) -> onReservation(state, c.replyTo(),
                        state.core.refusal(c.reservation(), operationTime(state, c.time()))
                                .map(StatusReply::<Done>error).orElse(null),
                        () -> new ReservationPlaced(c.reservation(), operationTime(state, c.time()))))
                .onCommand(CancelReservation.class, (state, c) -> onReservation(state, c.replyTo(),
                        state.core.reservations().named(c.name()) == null
                                ? StatusReply.<Done>error("no reservation '" + c.name() + "'") : null,
                        () -> new ReservationCancelled(c.name(), operationTime(state, c.time()))))
                .onCommand(RequeueRunning.class, this::onRequeueRunning)
                .onCommand(UnitRestarted.class, this::onUnitRestarted)
                .onCommand(Flush.class, this::onFlush)
                .onCommand(Query.class, (state, q) -> Effect().none().thenRun(s -> q.replyTo().tell(
                        new Settled(s.core.now(), s.core.nextEventTime(), s.core.queue().size(), s.core.runningCount()))))
                .onCommand(Resync.class, (state, c) -> Effect().none().thenRun(s -> resync(s, unit -> true)))
                .onCommand(ApplyEffect.class, (state, c) -> {
                    Effect<EventBatch, State> effect = toApply;
                    toApply = null;
                    return effect;
                })
                .build();
    }

    private Effect<EventBatch, State> onAdvance(State state, Advance advance) {
        if (state.waiting != null) throw new IllegalStateException("time " + advance.time()
                + " released while time " + state.stampTime + " is still in progress");
        long t = advance.time();
        state.stampTime = t;
        state.waiting = advance.replyTo();
        state.retries = 0;
        state.gaveUp = false;
        state.core.advanceTo(t);
        freeDue(state, t);
        for (BlockBooted b : state.core.bootsDue(t)) emit(state, b);
        finishDue(state, t);
        for (HealthChange h : advance.health()) changeHealth(state, h.component(), h.up(), t);
        for (Job job : advance.arrivals()) emit(state, new JobSubmitted(job));
        return pass(state);
    }

    /**
     * Records the ends due by {@code t} — finishes and failed boots, and their requeues — and releases their units,
     * but those of a finished job's block that takes time to be freed ({@link #freeDue}).
     */
    private void finishDue(State state, long t) {
        for (JobEvent e : state.core.finishesDue(t)) {
            RunningJob r = e instanceof JobRequeued ? null : state.core.running(e.jobId());
            emit(state, e);
            if (r != null && state.core.freeing(r.id()) == null) release(state, r);
        }
    }

    /** Records the blocks of finished jobs freed by {@code t} and releases their units, each in a transaction. */
    private void freeDue(State state, long t) {
        List<Request> releases = new ArrayList<>();
        for (BlockFreed f : state.core.blocksFreedDue(t)) {
            Deallocation d = state.core.freeing(f.jobId());
            emit(state, f);
            long tx = state.nextTx++;
            for (Claim c : d.allocation().claims()) releases.add(Request.of(Kind.RELEASE, c.unit(), tx, d.jobId()));
        }
        if (!releases.isEmpty()) runner.send(releases, acknowledged(state));
    }

    private void release(State state, RunningJob r) {
        release(state, List.of(r));
    }

    /** Releases the units of {@code jobs}, each job in a transaction of its own, in one batch. */
    private void release(State state, List<RunningJob> jobs) {
        List<Request> releases = new ArrayList<>();
        for (RunningJob r : jobs) {
            long tx = state.nextTx++;
            for (Claim c : r.allocation().claims()) releases.add(Request.of(Kind.RELEASE, c.unit(), tx, r.id()));
        }
        runner.send(releases, acknowledged(state));
    }

    /**
     * A scheduling pass. It plans only once every step sent so far is answered or given up, so that the agents
     * hold what the core says when the plan's transactions reach them (the releases of the jobs that ended,
     * the commits of the previous pass).
     */
    private Effect<EventBatch, State> pass(State state) {
        if (!runner.quiet()) return whenQuiet(state, () -> pass(state));
        state.retryPass = false;
        state.switched = false;
        Plan plan = state.core.plan();
        if (plan.isEmpty()) return settle(state);
        if (plan.moves()) return migrate(state, plan);
        if (plan.contextSwitch().isPresent()) return switchGang(state, plan);
        plan.migration().ifPresent(m -> m.events(state.stampTime, m.performed()).forEach(e -> emit(state, e)));
        return start(state, plan.starts());
    }

    private Effect<EventBatch, State> start(State state, List<Start> starts) {
        if (starts.isEmpty()) return afterCommits(state);
        Transaction tx = new Transaction(state.stampTime, state.nextTx, starts);
        state.nextTx += starts.size();
        state.transaction = tx;
        return reservePhase(state, tx);
    }

    /** The allocation's next reservation phase (node claims, then port claims); after the last, its outcome. */
    private Effect<EventBatch, State> reservePhase(State state, Transaction tx) {
        List<Request> requests = tx.nextPhase();
        if (requests.isEmpty()) return conclude(state, tx);
        return orNone(runner.send(requests, new Collecting(state) {
            @Override
            void record(Answer answer) {
                tx.record((ReserveReply) answer);
            }

            @Override
            void giveUp(Request request, String why) {
                tx.giveUp(request, why);
            }

            @Override
            public Effect<EventBatch, State> done() {
                return reservePhase(state, tx);
            }
        }));
    }

    /**
     * Logs a transaction undone by {@code refusals}: a warning, unless every one is a step given up while unanswered
     * steps are expected (chaos loses messages on purpose, and summary.json counts what they undo); then at INFO, as
     * the timeouts that led to them.
     */
    private void undone(Refusals refusals, String format, Object... arguments) {
        if (timeoutsExpected && refusals.allGivenUp()) context.getLog().info(format, arguments);
        else context.getLog().warn(format, arguments);
    }

    private String noAnswer() {
        return "no answer after " + phaseAttempts + " attempts of " + settings.phaseTimeout().toMillis() + " ms";
    }

    private Effect<EventBatch, State> migrate(State state, Plan plan) {
        MigrationTransaction m = new MigrationTransaction(state.nextTx++, state.stampTime, plan);
        return orNone(runner.send(m.checkpoints(), collecting(state, answer -> m.record((CheckpointReply) answer),
                m::giveUp, () -> reserveMigration(state, m))));
    }

    private Effect<EventBatch, State> reserveMigration(State state, MigrationTransaction m) {
        if (!m.refusals.isEmpty()) return abortMigration(state, m);
        List<Request> requests = m.nextReservations();
        if (requests.isEmpty()) return commitMigration(state, m);
        return orNone(runner.send(requests, collecting(state, answer -> m.record((ReserveReply) answer), m::giveUp,
                () -> reserveMigration(state, m))));
    }

    /**
     * Every agent agreed: record the migration, hand the units over (Commit), restart each job on its new units,
     * then start the plan's jobs.
     */
    private Effect<EventBatch, State> commitMigration(State state, MigrationTransaction m) {
        m.migration.events(m.time, true).forEach(e -> emit(state, e));
        List<Start> starts = m.plan.starts();
        if (journalGroup == 0) {
            return write(state).thenRun(s -> runner.send(m.commits(), then(s,
                    () -> runner.send(m.restarts(), then(s, () -> startLater(starts))))));
        }
        return orNone(runner.send(m.commits(), then(state,
                () -> runner.send(m.restarts(), then(state, () -> start(state, starts))))));
    }

    /** Refused or unanswered: nothing moves, every checkpointed job restarts where it was, the plan's starts are dropped. */
    private Effect<EventBatch, State> abortMigration(State state, MigrationTransaction m) {
        aborted++;
        m.migration.events(m.time, false).forEach(e -> emit(state, e));
        undone(m.refusals, "migration at {} aborted ({}); no job moved, the pass's starts wait for the next instant",
                m.time, m.refusals);
        return orNone(runner.send(m.aborts(), then(state,
                () -> runner.send(m.restartsInPlace(), then(state, () -> afterCommits(state))))));
    }

    private Effect<EventBatch, State> switchGang(State state, Plan plan) {
        GangTransaction g = new GangTransaction(state.nextTx++, state.stampTime, plan);
        return orNone(runner.send(g.suspensions(state.core), collecting(state,
                answer -> g.record((SuspendReply) answer), g::giveUp,
                () -> g.refusals.isEmpty() ? recordSwitch(state, g) : undoSwitch(state, g))));
    }

    /** An agent refused or did not answer: the suspensions that may have happened are undone, nothing is recorded. */
    private Effect<EventBatch, State> undoSwitch(State state, GangTransaction g) {
        aborted++;
        undone(g.refusals, "context switch of job {}'s gang at {} refused ({}); no job switched, the pass's starts wait"
                + " for the next instant", g.contextSwitch.wideJob(), g.time, g.refusals);
        return orNone(runner.send(g.undo(), then(state, () -> afterCommits(state))));
    }

    /** Every agent agreed: record the switch, resume the jobs it restarts, then start the plan's jobs. */
    private Effect<EventBatch, State> recordSwitch(State state, GangTransaction g) {
        emit(state, g.contextSwitch.event(g.time));
        state.switched = true;
        List<Start> starts = g.plan.starts();
        if (journalGroup == 0) {
            return write(state).thenRun(s ->
                    runner.send(g.resumptions(s.core), then(s, () -> startLater(starts))));
        }
        return orNone(runner.send(g.resumptions(state.core), then(state, () -> start(state, starts))));
    }

    /** Starts {@code starts} in a command of its own (after a write-ahead persist). */
    private Effect<EventBatch, State> startLater(List<Start> starts) {
        context.getSelf().tell(new StartPlanned(starts));
        return Effect().none();
    }

    /**
     * A phase of a transaction: each answer goes to {@code record}; a step still unanswered after the last attempt
     * counts as refused ({@code giveUp}, with why); once every step is answered or given up, {@code next}.
     */
    private Phase<Effect<EventBatch, State>> collecting(State state, Consumer<Answer> record,
                                                        BiConsumer<Request, String> giveUp,
                                                        Supplier<Effect<EventBatch, State>> next) {
        return new Collecting(state) {
            @Override
            void record(Answer answer) {
                record.accept(answer);
            }

            @Override
            void giveUp(Request request, String why) {
                giveUp.accept(request, why);
            }

            @Override
            public Effect<EventBatch, State> done() {
                return next.get();
            }
        };
    }

    /**
     * A phase of a transaction that records each answer and counts a step still unanswered after the last attempt as
     * refused. The allocation's reservation phases, one or two a pass, are classes of their own rather than lambdas
     * given to {@link #collecting}: in the scheduler's large compiled methods a lambda is made through a slow call.
     */
    private abstract class Collecting implements Phase<Effect<EventBatch, State>> {
        private final State state;

        Collecting(State state) {
            this.state = state;
        }

        abstract void record(Answer answer);

        abstract void giveUp(Request request, String why);

        @Override
        public void answered(Request request, Answer answer) {
            record(answer);
        }

        @Override
        public void givenUp(Request request) {
            state.gaveUp = true;
            giveUp(request, noAnswer());
        }
    }

    /** A phase whose answers only have to come (steps to be done: commits, aborts, releases, restarts, resumptions). */
    private Phase<Effect<EventBatch, State>> then(State state, Supplier<Effect<EventBatch, State>> next) {
        return new StepsToDo() {
            @Override
            public Effect<EventBatch, State> done() {
                return next.get();
            }
        };
    }

    /**
     * A phase of steps that only have to be done; then the pass or the end of the instant that waited for them. A class
     * of its own rather than a lambda given to {@link #then}: the commits and releases of every job come through here.
     */
    private Phase<Effect<EventBatch, State>> acknowledged(State state) {
        return new StepsToDo() {
            @Override
            public Effect<EventBatch, State> done() {
                if (state.whenQuiet == null || !runner.quiet()) return Effect().none();
                Supplier<Effect<EventBatch, State>> next = state.whenQuiet;
                state.whenQuiet = null;
                return next.get();
            }
        };
    }

    /** Steps that only have to be done, and so are sent until answered: a refusal is logged. */
    private abstract class StepsToDo implements Phase<Effect<EventBatch, State>> {
        @Override
        public void answered(Request request, Answer answer) {
            if (answer instanceof StepRefused r)
                context.getLog().warn("{} refused {} of transaction {}: {}", r.unit(), r.step(), r.tx(), r.reason());
        }

        @Override
        public boolean mustBeDone() {
            return true;
        }
    }

    /** {@code next} now when no step waits for an answer, else once the last one is answered or given up. */
    private Effect<EventBatch, State> whenQuiet(State state, Supplier<Effect<EventBatch, State>> next) {
        if (runner.quiet()) return next.get();
        if (state.whenQuiet != null) throw new IllegalStateException("two continuations wait for the protocol to be quiet");
        state.whenQuiet = next;
        return Effect().none();
    }

    private Effect<EventBatch, State> orNone(Effect<EventBatch, State> effect) {
        return effect == null ? Effect().none() : effect;
    }

    private void send(Request r) {
        UnitProtocol.Command message = switch (r.kind()) {
            case RESERVE -> new UnitProtocol.Reserve(r.tx(), r.job(), r.claim(), answers.narrow());
            case CHECKPOINT -> new UnitProtocol.Checkpoint(r.tx(), r.job(), answers.narrow());
            case SUSPEND -> new UnitProtocol.Suspend(r.tx(), r.job(), r.wideJob(), r.resuming(), answers.narrow());
            case COMMIT -> new UnitProtocol.Commit(r.tx(), answers.narrow());
            case ABORT -> new UnitProtocol.Abort(r.tx(), answers.narrow());
            case RELEASE -> new UnitProtocol.Release(r.tx(), r.job(), answers.narrow());
            case RESUME -> new UnitProtocol.Resume(r.tx(), r.job(), answers.narrow());
            case RESTART -> new UnitProtocol.Restart(r.tx(), r.job(), answers.narrow());
        };
        units.ref(r.unit()).tell(message);
    }

    private Effect<EventBatch, State> onAnswered(State state, Answer answer) {
        if (answer instanceof HoldLost lost) {
            Transaction tx = state.transaction;
            if (tx != null && tx.lost(lost)) return Effect().none();
            for (String component : new TreeSet<>(lost.down())) fail(state, component, state.now());
            return journalNow(state);
        }
        return orNone(runner.answered(answer));
    }

    /**
     * Every phase answered: record the failures the agents revealed, then record and commit the
     * granted decisions and abort the others.
     */
    private Effect<EventBatch, State> conclude(State state, Transaction tx) {
        boolean learned = false;
        for (Transaction.Branch b : tx.branches) {
            for (String component : b.down) learned |= fail(state, component, tx.time);
        }
        state.transaction = null;
        List<Transaction.Branch> granted = new ArrayList<>();
        List<Request> aborts = new ArrayList<>();
        for (Transaction.Branch b : tx.branches) {
            if (b.granted()) {
                for (JobEvent e : state.core.startEvents(b.start)) emit(state, e);
                granted.add(b);
            } else {
                aborted++;
                for (String unit : b.toAbort) aborts.add(Request.of(Kind.ABORT, unit, b.tx, 0));
                undone(b.refusals, "job {}: allocation refused at {} ({}); it stays queued", b.start.job().id(), tx.time,
                        b.refusals);
            }
        }
        runner.send(aborts, acknowledged(state));
        state.retryPass = learned && state.retries < settings.maxRetries();
        if (state.retryPass) state.retries++;
        if (journalGroup == 0 && !state.unjournaled.isEmpty()) {
            return write(state).thenRun(s -> {
                commit(s, granted);
                context.getSelf().tell(new ContinueStamp());
            });
        }
        commit(state, granted);
        return afterCommits(state);
    }

    private void commit(State state, List<Transaction.Branch> granted) {
        List<Request> commits = new ArrayList<>();
        for (Transaction.Branch b : granted) {
            for (Claim c : b.start.allocation().claims()) commits.add(Request.of(Kind.COMMIT, c.unit(), b.tx, 0));
        }
        runner.send(commits, acknowledged(state));
    }

    private Effect<EventBatch, State> afterCommits(State state) {
        if (state.core.nextFinishTime() <= state.stampTime) {
            // a job that ends as it starts is released once the commits of its start are answered
            return whenQuiet(state, () -> {
                finishDue(state, state.stampTime);
                return pass(state);
            });
        }
        if (state.retryPass || state.switched) return pass(state);
        return settle(state);
    }

    /**
     * Records that {@code component} failed at {@code t} unless already known: the jobs holding it are
     * killed and released, and a transaction under way gives up the decisions that claim it.
     * Returns whether the failure is news.
     */
    private boolean fail(State state, String component, long t) {
        List<SchedulerEvent> events = state.core.failure(component, t);
        emitReleasingKilled(state, events);
        if (state.transaction != null)
            state.transaction.fail(component, state.core.machine().componentClaims(component));
        return !events.isEmpty();
    }

    /** Emits {@code events}; the units of each job a {@link JobKilled} names are released. */
    private void emitReleasingKilled(State state, List<SchedulerEvent> events) {
        for (SchedulerEvent e : events) {
            RunningJob killed = e instanceof JobKilled k ? state.core.running(k.jobId()) : null;
            emit(state, e);
            if (killed != null) release(state, killed);
        }
    }

    private Effect<EventBatch, State> onSetComponentHealth(State state, SetComponentHealth health) {
        Optional<String> refusal = Policies.faultRefusal(state.core.policy().name());
        if (refusal.isPresent())
            return Effect().none().thenRun(s -> health.replyTo().tell(
                    StatusReply.error(new Refusal("scheduler", refusal.get()))));
        try {
            changeHealth(state, health.component(), health.up(), operationTime(state, health.time()));
        } catch (IllegalArgumentException e) {
            return Effect().none().thenRun(s -> health.replyTo().tell(StatusReply.error(e.getMessage())));
        }
        return journalNow(state).thenRun(s -> health.replyTo().tell(StatusReply.ack()));
    }

    private Effect<EventBatch, State> onCancel(State state, Cancel cancel) {
        long id = cancel.jobId();
        RunningJob r = state.core.running(id);
        OptionalLong waitsFor = state.core.suspendedFor(id);
        String refusal = state.waiting != null ? "time " + state.stampTime + " is in progress"
                : waitsFor.isPresent() ? "job " + id + " is suspended for job " + waitsFor.getAsLong()
                        + " and can be cancelled once it runs again"
                : r == null && !state.core.isQueued(id) ? "job " + id + " is neither queued nor running" : null;
        if (refusal != null)
            return Effect().none().thenRun(s -> cancel.replyTo().tell(StatusReply.error(refusal)));
        emit(state, new JobCancelled(id, operationTime(state, cancel.time())));
        if (r != null) release(state, r);
        return journalNow(state).thenRun(s -> cancel.replyTo().tell(StatusReply.ack()));
    }

    /**
     * Records the reservation event {@code event} unless {@code refusal} (or an instant in progress) refuses it; a
     * refusal of a placement carries a {@link Refusal}, which names the field at fault.
     */
    private Effect<EventBatch, State> onReservation(State state, ActorRef<StatusReply<Done>> replyTo,
                                                    StatusReply<Done> refusal, Supplier<ReservationEvent> event) {
        StatusReply<Done> refused = state.waiting != null
                ? StatusReply.error("time " + state.stampTime + " is in progress") : refusal;
        if (refused != null) return Effect().none().thenRun(s -> replyTo.tell(refused));
        emit(state, event.get());
        return journalNow(state).thenRun(s -> replyTo.tell(StatusReply.ack()));
    }

    private Effect<EventBatch, State> onRequeueRunning(State state, RequeueRunning requeue) {
        if (state.waiting != null) throw new IllegalStateException("running jobs requeued while time "
                + state.stampTime + " is in progress");
        List<RunningJob> killed = new ArrayList<>();
        for (SchedulerEvent e : state.core.requeueAllRunning(requeue.cause(), state.now())) {
            if (e instanceof JobKilled k) killed.add(state.core.running(k.jobId()));
            emit(state, e);
        }
        // released once the kills are written: the answers of every agent then find no write in progress, which
        // would hold them back (stashed) until it ends
        return journalNow(state).thenRun(s -> {
            release(s, killed);
            requeue.replyTo().tell(StatusReply.ack());
        });
    }

    /**
     * Records the failure (killing the jobs that hold the component) or the repair of {@code component}
     * at {@code t}, and tells the agents.
     *
     * @throws IllegalArgumentException when the machine has no such component; nothing changed then
     */
    private void changeHealth(State state, String component, boolean up, long t) {
        if (up) state.core.repair(component, t).forEach(e -> emit(state, e));
        else fail(state, component, t);
        tellHealth(state, component, up);
    }

    /** The time of an operator's input stamped {@code stamp}: its stamp between instants, never before now. */
    private static long operationTime(State state, long stamp) {
        return state.waiting == null ? Math.max(stamp, state.now()) : state.now();
    }

    private void tellHealth(State state, String component, boolean up) {
        Collection<Claim> parts = state.core.machine().componentClaims(component);
        for (Claim part : parts) units.ref(part.unit()).tell(new UnitProtocol.SetHealth(component, part, up));
    }

    /** The instant is over once every step sent for it is answered or given up. */
    private Effect<EventBatch, State> settle(State state) {
        if (!runner.quiet()) return whenQuiet(state, () -> settle(state));
        ActorRef<Settled> replyTo = state.waiting;
        state.waiting = null;
        long next = state.core.nextEventTime();
        if (state.gaveUp && !state.core.queue().isEmpty()) next = Math.min(next, state.stampTime + 1);
        Settled settled = new Settled(state.stampTime, next, state.core.queue().size(), state.core.runningCount());
        if (state.unjournaled.size() > journalGroup || (journalGroup == 0 && !state.unjournaled.isEmpty())) {
            return write(state).thenRun(s -> replyTo.tell(settled));
        }
        replyTo.tell(settled);
        return Effect().none();
    }

    /** Writes what is waiting when journaling is write-ahead; otherwise it waits for its group. */
    private EffectBuilder<EventBatch, State> journalNow(State state) {
        if (journalGroup == 0 && !state.unjournaled.isEmpty()) return write(state);
        return Effect().none();
    }

    private Effect<EventBatch, State> onFlush(State state, Flush flush) {
        if (state.unjournaled.isEmpty()) {
            return Effect().none().thenRun(s -> flush.replyTo().tell(new Flushed(s.journaled)));
        }
        return write(state).thenRun(s -> flush.replyTo().tell(new Flushed(s.journaled)));
    }

    /** Journals what waits to be; until it is written, commands go the usual way ({@link CommandsAside}). */
    private EffectBuilder<EventBatch, State> write(State state) {
        writing = true;
        return Effect().persist(drain(state)).thenRun(s -> writing = false);
    }

    private static EventBatch drain(State state) {
        EventBatch batch = new EventBatch(state.unjournaled);
        state.unjournaled.clear();
        return batch;
    }

    private void emit(State state, SchedulerEvent event) {
        state.core.apply(event);
        state.unjournaled.add(event);
        sink.accept(event);
    }
}

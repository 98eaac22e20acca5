package org.bgctl.scheduler;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
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
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.bgctl.agents.CborSerializable;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * The scheduler as an event-sourced actor. It owns the {@link SchedulerCore}, runs the policy
 * at each instant the clock releases, and executes every decision as a transaction with the
 * agents in two phases — Reserve to every unit of the partition (compute), then to every switch
 * whose ports it uses (links) — then, all granted, the decision is recorded and Commit sent, or
 * Abort when any agent refused.
 *
 * <p>Faults. Agents are authoritative for health. A refusal names the failed components it met,
 * and an agent tells the holder when a part it holds goes down ({@link HoldLost}); the scheduler
 * records each newly failed component as {@code ComponentFailed} (after {@code JobKilled} for the
 * jobs that held it), so its machine view stays in step with the agents. A phase whose agents do
 * not all answer within {@code bgctl.scheduler.phase-timeout} is given up. A refused decision
 * leaves its job queued; when the refusals revealed a failure, the pass is planned again at the
 * same instant, at most {@code bgctl.scheduler.max-retries} times, so the job goes elsewhere.
 * Operators report failures and repairs with {@link SetComponentHealth}. Nothing partially
 * allocated is ever recorded: only a decision granted by all its agents becomes {@code JobStarted}.
 *
 * <p>A plan that migrates runs its migration first, as one transaction ({@link MigrationTransaction}):
 * Checkpoint to the units of every moving job, Reserve of the new partitions, then, all granted, the
 * migration is recorded, Commit hands the units over and Restart resumes each job on its new units;
 * a refusal aborts it — every job restarts where it was, nothing is recorded but the attempt — and
 * the plan's starts, planned on the rearranged machine, are dropped until the next instant.
 *
 * <p>A plan that switches a gang (preemptive FCFS) runs its switch first, as one transaction
 * ({@link GangTransaction}): Suspend to the units of every job it stops; all granted, the switch is recorded,
 * Resume goes to the units of every job it restarts, and the plan's starts follow (a wide job starting by
 * preemption reserves the nodes of the jobs suspended for it); a refusal undoes the suspensions granted, nothing
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

        /** The cancellation, recorded at the scheduler's current time. */
        public Cancel(long jobId, ActorRef<StatusReply<Done>> replyTo) {
            this(jobId, Long.MIN_VALUE, replyTo);
        }
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
    }

    private record UnitReplied(ReserveReply reply) implements Command {
    }

    private record CheckpointReplied(CheckpointReply reply) implements Command {
    }

    private record SuspendReplied(SuspendReply reply) implements Command {
    }

    private record ContinueStamp() implements Command {
    }

    private record PhaseTimedOut(long firstTx, int phase) implements Command {
    }

    private static final Object PHASE_TIMER = "phase-timeout";

    private record StartPlanned(List<Start> starts) implements Command {
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
        MigrationTransaction migration;
        GangTransaction gang;
        /** A context switch was recorded in this pass: the instant gets another pass. */
        boolean switched;
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
    private final ActorRef<ReserveReply> replies;
    private final ActorRef<CheckpointReply> checkpointReplies;
    private final ActorRef<SuspendReply> suspendReplies;

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
        this.replies = context.messageAdapter(ReserveReply.class, UnitReplied::new);
        this.checkpointReplies = context.messageAdapter(CheckpointReply.class, CheckpointReplied::new);
        this.suspendReplies = context.messageAdapter(SuspendReply.class, SuspendReplied::new);
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
        return Behaviors.withTimers(timers -> Behaviors.setup(
                ctx -> new SchedulerActor(ctx, timers, id, coreFactory, units, sink, journalGroup)));
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
        state.nextTx = state.journaled + 1;
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
        return newCommandHandlerBuilder().forAnyState()
                .onCommand(Advance.class, this::onAdvance)
                .onCommand(UnitReplied.class, this::onUnitReplied)
                .onCommand(PhaseTimedOut.class, this::onPhaseTimedOut)
                .onCommand(CheckpointReplied.class, this::onCheckpointReplied)
                .onCommand(SuspendReplied.class, this::onSuspendReplied)
                .onCommand(ContinueStamp.class, (state, c) -> afterCommits(state))
                .onCommand(StartPlanned.class, (state, c) -> start(state, c.starts()))
                .onCommand(SetComponentHealth.class, this::onSetComponentHealth)
                .onCommand(Cancel.class, this::onCancel)
                .onCommand(RequeueRunning.class, this::onRequeueRunning)
                .onCommand(UnitRestarted.class, this::onUnitRestarted)
                .onCommand(Flush.class, this::onFlush)
                .onCommand(Query.class, (state, q) -> Effect().none().thenRun(s -> q.replyTo().tell(
                        new Settled(s.core.now(), s.core.nextEventTime(), s.core.queue().size(), s.core.runningCount()))))
                .onCommand(Resync.class, (state, c) -> Effect().none().thenRun(s -> resync(s, unit -> true)))
                .build();
    }

    private Effect<EventBatch, State> onAdvance(State state, Advance advance) {
        if (state.waiting != null) throw new IllegalStateException("time " + advance.time()
                + " released while time " + state.stampTime + " is still in progress");
        long t = advance.time();
        state.stampTime = t;
        state.waiting = advance.replyTo();
        state.retries = 0;
        state.core.advanceTo(t);
        finishDue(state, t);
        for (HealthChange h : advance.health()) changeHealth(state, h.component(), h.up(), t);
        for (Job job : advance.arrivals()) emit(state, new JobSubmitted(job));
        return pass(state);
    }

    private void finishDue(State state, long t) {
        for (JobFinished f : state.core.finishesDue(t)) {
            RunningJob r = state.core.running(f.jobId());
            emit(state, f);
            release(r);
        }
    }

    private void release(RunningJob r) {
        for (Claim c : r.allocation().claims()) units.ref(c.unit()).tell(new UnitProtocol.Release(r.id()));
    }

    private Effect<EventBatch, State> pass(State state) {
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
        return reserveNextPhase(state, tx);
    }

    private Effect<EventBatch, State> reserveNextPhase(State state, Transaction tx) {
        List<Transaction.Request> requests = tx.nextPhase();
        if (requests.isEmpty()) return conclude(state, tx);
        timers.startSingleTimer(PHASE_TIMER, new PhaseTimedOut(tx.firstTx, tx.phase()), settings.phaseTimeout());
        return reserve(requests);
    }

    private Effect<EventBatch, State> reserve(List<Transaction.Request> requests) {
        for (Transaction.Request r : requests) {
            units.ref(r.claim().unit()).tell(new UnitProtocol.Reserve(r.tx(), r.job(), r.claim(), replies));
        }
        return Effect().none();
    }

    private Effect<EventBatch, State> migrate(State state, Plan plan) {
        MigrationTransaction m = new MigrationTransaction(state.nextTx++, state.stampTime, plan);
        state.migration = m;
        for (Transaction.Request r : m.checkpoints()) {
            units.ref(r.claim().unit()).tell(new UnitProtocol.Checkpoint(r.tx(), r.job(), checkpointReplies));
        }
        return Effect().none();
    }

    private Effect<EventBatch, State> onCheckpointReplied(State state, CheckpointReplied replied) {
        MigrationTransaction m = state.migration;
        if (m == null || replied.reply().tx() != m.tx || !m.record(replied.reply())) return Effect().none();
        return reserveMigration(state, m);
    }

    private Effect<EventBatch, State> reserveMigration(State state, MigrationTransaction m) {
        if (!m.refusals.isEmpty()) return abortMigration(state, m);
        List<Transaction.Request> requests = m.nextReservations();
        if (requests.isEmpty()) return commitMigration(state, m);
        return reserve(requests);
    }

    /** Every agent agreed: record the migration, hand the units over, restart the jobs, then start the plan's jobs. */
    private Effect<EventBatch, State> commitMigration(State state, MigrationTransaction m) {
        state.migration = null;
        m.migration.events(m.time, true).forEach(e -> emit(state, e));
        List<Start> starts = m.plan.starts();
        if (journalGroup == 0) {
            return Effect().persist(drain(state)).thenRun(s -> {
                handOver(m);
                context.getSelf().tell(new StartPlanned(starts));
            });
        }
        handOver(m);
        return start(state, starts);
    }

    private void handOver(MigrationTransaction m) {
        for (String unit : m.involved()) units.ref(unit).tell(new UnitProtocol.Commit(m.tx));
        for (Move move : m.migration.moves()) {
            for (Claim c : move.to().claims()) units.ref(c.unit()).tell(new UnitProtocol.Restart(move.jobId()));
        }
    }

    /** An agent refused: nothing moves, every checkpointed job restarts where it was, the plan's starts are dropped. */
    private Effect<EventBatch, State> abortMigration(State state, MigrationTransaction m) {
        state.migration = null;
        for (String unit : m.reserved) units.ref(unit).tell(new UnitProtocol.Abort(m.tx));
        m.checkpointed.forEach((job, held) -> held.forEach(unit -> units.ref(unit).tell(new UnitProtocol.Restart(job))));
        m.migration.events(m.time, false).forEach(e -> emit(state, e));
        context.getLog().warn("migration at {} aborted ({}); no job moved, the pass's starts wait for the next instant",
                m.time, String.join("; ", m.refusals));
        return afterCommits(state);
    }

    private Effect<EventBatch, State> switchGang(State state, Plan plan) {
        GangTransaction g = new GangTransaction(state.nextTx++, state.stampTime, plan);
        List<Transaction.Request> requests = g.suspensions(state.core);
        if (requests.isEmpty()) return recordSwitch(state, g);
        state.gang = g;
        for (Transaction.Request r : requests) {
            units.ref(r.claim().unit()).tell(new UnitProtocol.Suspend(r.tx(), r.job(), g.contextSwitch.wideJob(),
                    g.contextSwitch.resume(), suspendReplies));
        }
        return Effect().none();
    }

    private Effect<EventBatch, State> onSuspendReplied(State state, SuspendReplied replied) {
        GangTransaction g = state.gang;
        if (g == null || replied.reply().tx() != g.tx || !g.record(replied.reply())) return Effect().none();
        state.gang = null;
        if (g.refusals.isEmpty()) return recordSwitch(state, g);
        g.suspended.forEach((job, held) -> held.forEach(unit -> units.ref(unit).tell(new UnitProtocol.Resume(job))));
        context.getLog().warn("context switch of job {}'s gang at {} refused ({}); no job switched, the pass's starts"
                + " wait for the next instant", g.contextSwitch.wideJob(), g.time, String.join("; ", g.refusals));
        return afterCommits(state);
    }

    /** Every agent agreed: record the switch, resume the jobs it restarts, then start the plan's jobs. */
    private Effect<EventBatch, State> recordSwitch(State state, GangTransaction g) {
        emit(state, g.contextSwitch.event(g.time));
        state.switched = true;
        List<Start> starts = g.plan.starts();
        if (journalGroup == 0) {
            return Effect().persist(drain(state)).thenRun(s -> {
                resume(s, g.contextSwitch);
                context.getSelf().tell(new StartPlanned(starts));
            });
        }
        resume(state, g.contextSwitch);
        return start(state, starts);
    }

    private void resume(State state, ContextSwitch c) {
        for (long job : c.resume()) {
            for (Claim claim : state.core.running(job).allocation().claims())
                units.ref(claim.unit()).tell(new UnitProtocol.Resume(job));
        }
    }

    private Effect<EventBatch, State> onUnitReplied(State state, UnitReplied replied) {
        ReserveReply reply = replied.reply();
        MigrationTransaction m = state.migration;
        if (m != null && !(reply instanceof HoldLost) && reply.tx() == m.tx) {
            return m.record(reply) ? reserveMigration(state, m) : Effect().none();
        }
        Transaction tx = state.transaction;
        if (reply instanceof HoldLost lost) {
            if (tx != null && tx.lost(lost)) return Effect().none();
            for (String component : new TreeSet<>(lost.down())) fail(state, component, state.now());
            return journalNow(state);
        }
        if (tx == null || !tx.record(reply)) {
            // A grant that came too late for its transaction: free it.
            if (reply instanceof Reserved) units.ref(reply.unit()).tell(new UnitProtocol.Abort(reply.tx()));
            return Effect().none();
        }
        if (!tx.phaseAnswered()) return Effect().none();
        timers.cancel(PHASE_TIMER);
        return reserveNextPhase(state, tx);
    }

    private Effect<EventBatch, State> onPhaseTimedOut(State state, PhaseTimedOut timeout) {
        Transaction tx = state.transaction;
        if (tx == null || tx.firstTx != timeout.firstTx() || tx.phase() != timeout.phase()) return Effect().none();
        context.getLog().warn("transaction {}: phase {} got no answer from some agents within {}; giving up on them",
                tx.firstTx, tx.phase(), settings.phaseTimeout());
        tx.timeOut(settings.phaseTimeout());
        return reserveNextPhase(state, tx);
    }

    /**
     * Every phase answered: record the failures the agents revealed, then record and commit the
     * granted decisions and abort the others.
     */
    private Effect<EventBatch, State> conclude(State state, Transaction tx) {
        timers.cancel(PHASE_TIMER);
        boolean learned = false;
        for (Transaction.Branch b : tx.branches) {
            for (String component : b.down) learned |= fail(state, component, tx.time);
        }
        state.transaction = null;
        List<Transaction.Branch> granted = new ArrayList<>();
        for (Transaction.Branch b : tx.branches) {
            if (b.granted()) {
                emit(state, state.core.started(b.start));
                granted.add(b);
            } else {
                for (String unit : b.toAbort) units.ref(unit).tell(new UnitProtocol.Abort(b.tx));
                context.getLog().warn("job {}: allocation refused at {} ({}); it stays queued",
                        b.start.job().id(), tx.time, String.join("; ", b.refusals));
            }
        }
        state.retryPass = learned && state.retries < settings.maxRetries();
        if (state.retryPass) state.retries++;
        if (journalGroup == 0 && !state.unjournaled.isEmpty()) {
            return Effect().persist(drain(state)).thenRun(s -> {
                commit(granted);
                context.getSelf().tell(new ContinueStamp());
            });
        }
        commit(granted);
        return afterCommits(state);
    }

    private void commit(List<Transaction.Branch> granted) {
        for (Transaction.Branch b : granted) {
            for (Claim c : b.start.allocation().claims()) units.ref(c.unit()).tell(new UnitProtocol.Commit(b.tx));
        }
    }

    private Effect<EventBatch, State> afterCommits(State state) {
        if (state.core.nextFinishTime() <= state.stampTime) {
            finishDue(state, state.stampTime);
            return pass(state);
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
            if (killed != null) release(killed);
        }
    }

    private Effect<EventBatch, State> onSetComponentHealth(State state, SetComponentHealth health) {
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
        if (r != null) release(r);
        return journalNow(state).thenRun(s -> cancel.replyTo().tell(StatusReply.ack()));
    }

    private Effect<EventBatch, State> onRequeueRunning(State state, RequeueRunning requeue) {
        if (state.waiting != null) throw new IllegalStateException("running jobs requeued while time "
                + state.stampTime + " is in progress");
        emitReleasingKilled(state, state.core.requeueAllRunning(requeue.cause(), state.now()));
        return journalNow(state).thenRun(s -> requeue.replyTo().tell(StatusReply.ack()));
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

    private Effect<EventBatch, State> settle(State state) {
        ActorRef<Settled> replyTo = state.waiting;
        state.waiting = null;
        Settled settled = new Settled(state.stampTime, state.core.nextEventTime(),
                state.core.queue().size(), state.core.runningCount());
        if (state.unjournaled.size() > journalGroup || (journalGroup == 0 && !state.unjournaled.isEmpty())) {
            return Effect().persist(drain(state)).thenRun(s -> replyTo.tell(settled));
        }
        return Effect().none().thenRun(s -> replyTo.tell(settled));
    }

    /** Writes what is waiting when journaling is write-ahead; otherwise it waits for its group. */
    private EffectBuilder<EventBatch, State> journalNow(State state) {
        if (journalGroup == 0 && !state.unjournaled.isEmpty()) return Effect().persist(drain(state));
        return Effect().none();
    }

    private Effect<EventBatch, State> onFlush(State state, Flush flush) {
        if (state.unjournaled.isEmpty()) {
            return Effect().none().thenRun(s -> flush.replyTo().tell(new Flushed(s.journaled)));
        }
        return Effect().persist(drain(state)).thenRun(s -> flush.replyTo().tell(new Flushed(s.journaled)));
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

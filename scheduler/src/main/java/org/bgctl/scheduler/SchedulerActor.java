package org.bgctl.scheduler;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.typed.PersistenceId;
import akka.persistence.typed.RecoveryCompleted;
import akka.persistence.typed.javadsl.CommandHandler;
import akka.persistence.typed.javadsl.Effect;
import akka.persistence.typed.javadsl.EventHandler;
import akka.persistence.typed.javadsl.EventSourcedBehavior;
import akka.persistence.typed.javadsl.SignalHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.bgctl.agents.CborSerializable;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.Claim;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.JobFinished;
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
 * <p>Journal grouping: events are journaled as {@link EventBatch}es, each written atomically.
 * With {@code journalGroup = 0} every decision is written to the journal before its Commit is
 * sent (write-ahead; used in real time). With a group of N events, as in virtual time,
 * decisions take effect at once and a batch is written once more than N events are waiting,
 * and always before the run is reported finished; what a crash can lose is re-derived from the
 * same inputs, since virtual time is deterministic.
 */
public final class SchedulerActor extends EventSourcedBehavior<SchedulerActor.Command, EventBatch, SchedulerActor.State> {

    /** What the scheduler accepts. */
    public interface Command extends CborSerializable {
    }

    /** The clock releases time {@code time}: these jobs arrive. Answered with {@link Settled}. */
    public record Advance(long time, List<Job> arrivals, ActorRef<Settled> replyTo) implements Command {
    }

    /**
     * Everything due at {@code time} has happened and every protocol it started is complete.
     *
     * @param nextFinish the earliest real end of a running job, or Long.MAX_VALUE
     */
    public record Settled(long time, long nextFinish, int queued, int running) implements CborSerializable {
    }

    /** Writes whatever is not yet in the journal; answered with {@link Flushed}. */
    public record Flush(ActorRef<Flushed> replyTo) implements Command {
    }

    /** The journal holds every event so far. */
    public record Flushed(long events) implements CborSerializable {
    }

    private record UnitReplied(ReserveReply reply) implements Command {
    }

    private record ContinueStamp() implements Command {
    }

    /** The scheduler's state: the core plus the bookkeeping of the stamp in progress. */
    public static final class State {
        final SchedulerCore core;
        boolean live;
        long nextTx = 1;
        long journaled;
        final List<SchedulerEvent> unjournaled = new ArrayList<>();
        Transaction transaction;
        ActorRef<Settled> waiting;
        long stampTime;

        State(SchedulerCore core) {
            this.core = core;
        }

        public SchedulerCore core() {
            return core;
        }
    }

    private final ActorContext<Command> context;
    private final Supplier<SchedulerCore> coreFactory;
    private final UnitDirectory units;
    private final EventSink sink;
    private final int journalGroup;
    private final ActorRef<ReserveReply> replies;

    private SchedulerActor(ActorContext<Command> context, PersistenceId id, Supplier<SchedulerCore> coreFactory,
                           UnitDirectory units, EventSink sink, int journalGroup) {
        super(id);
        this.context = context;
        this.coreFactory = coreFactory;
        this.units = units;
        this.sink = sink;
        this.journalGroup = journalGroup;
        this.replies = context.messageAdapter(ReserveReply.class, UnitReplied::new);
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
        return Behaviors.setup(ctx -> new SchedulerActor(ctx, id, coreFactory, units, sink, journalGroup));
    }

    @Override
    public State emptyState() {
        return new State(coreFactory.get());
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

    private void onRecovered(State state) {
        state.live = true;
        state.nextTx = state.journaled + 1;
        for (RunningJob r : state.core.runningByEstimatedEnd()) {
            for (Claim c : r.allocation().claims()) units.ref(c.unit()).tell(new UnitProtocol.Adopt(r.id(), c));
        }
    }

    @Override
    public CommandHandler<Command, EventBatch, State> commandHandler() {
        return newCommandHandlerBuilder().forAnyState()
                .onCommand(Advance.class, this::onAdvance)
                .onCommand(UnitReplied.class, this::onUnitReplied)
                .onCommand(ContinueStamp.class, (state, c) -> afterCommits(state))
                .onCommand(Flush.class, this::onFlush)
                .build();
    }

    private Effect<EventBatch, State> onAdvance(State state, Advance advance) {
        if (state.waiting != null) throw new IllegalStateException("time " + advance.time()
                + " released while time " + state.stampTime + " is still in progress");
        long t = advance.time();
        state.stampTime = t;
        state.waiting = advance.replyTo();
        state.core.advanceTo(t);
        finishDue(state, t);
        for (Job job : advance.arrivals()) emit(state, new JobSubmitted(job));
        return pass(state);
    }

    private void finishDue(State state, long t) {
        for (JobFinished f : state.core.finishesDue(t)) {
            RunningJob r = state.core.running(f.jobId());
            emit(state, f);
            for (Claim c : r.allocation().claims()) units.ref(c.unit()).tell(new UnitProtocol.Release(r.id()));
        }
    }

    private Effect<EventBatch, State> pass(State state) {
        List<Start> starts = state.core.decide();
        if (starts.isEmpty()) return settle(state);
        Transaction tx = new Transaction(state.stampTime, state.nextTx, starts);
        state.nextTx += starts.size();
        state.transaction = tx;
        return reserveNextPhase(state, tx);
    }

    private Effect<EventBatch, State> reserveNextPhase(State state, Transaction tx) {
        List<Transaction.Request> requests = tx.nextPhase();
        if (requests.isEmpty()) return conclude(state, tx);
        for (Transaction.Request r : requests) {
            units.ref(r.claim().unit()).tell(new UnitProtocol.Reserve(r.tx(), r.job(), r.claim(), replies));
        }
        return Effect().none();
    }

    private Effect<EventBatch, State> onUnitReplied(State state, UnitReplied replied) {
        Transaction tx = state.transaction;
        if (tx == null || !tx.record(replied.reply())) return Effect().none();
        return reserveNextPhase(state, tx);
    }

    /** Every phase answered: record and commit the granted decisions, abort the others. */
    private Effect<EventBatch, State> conclude(State state, Transaction tx) {
        state.transaction = null;
        List<Transaction.Branch> granted = new ArrayList<>();
        for (Transaction.Branch b : tx.branches) {
            if (b.granted()) {
                emit(state, new JobStarted(b.start.job().id(), tx.time, b.start.allocation()));
                granted.add(b);
            } else {
                for (String unit : b.reservedUnits) units.ref(unit).tell(new UnitProtocol.Abort(b.tx));
                context.getLog().warn("job {}: allocation refused at {} ({}); it stays queued",
                        b.start.job().id(), tx.time, String.join("; ", b.refusals));
            }
        }
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
        return settle(state);
    }

    private Effect<EventBatch, State> settle(State state) {
        ActorRef<Settled> replyTo = state.waiting;
        state.waiting = null;
        Settled settled = new Settled(state.stampTime, state.core.nextFinishTime(),
                state.core.queue().size(), state.core.runningCount());
        if (state.unjournaled.size() > journalGroup || (journalGroup == 0 && !state.unjournaled.isEmpty())) {
            return Effect().persist(drain(state)).thenRun(s -> replyTo.tell(settled));
        }
        return Effect().none().thenRun(s -> replyTo.tell(settled));
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

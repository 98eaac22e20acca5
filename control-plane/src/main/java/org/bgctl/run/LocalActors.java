package org.bgctl.run;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.AskPattern;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.clock.RunClock;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.audit.AgentAudit;

/**
 * The actor system of one run in this JVM, started as soon as its configuration is known, on a thread of its own:
 * Akka, the journal and its schema ({@link #prepare}) come up while the caller makes the run's other inputs ready (the
 * trace opened, its checksum recorded, the machine built), and the run then begins on a system already up
 * ({@link #run}). A system may start before its run is known at all ({@link ActorsAhead}): it is prepared once the run
 * is. Once the run is over the system is told to stop and goes on stopping — closing the journal — while the caller
 * writes the outputs; {@link #close()} waits for it.
 */
final class LocalActors implements AutoCloseable {

    /** What the guardian needs to spawn the agents, the scheduler and the clock. */
    private record Begin(CompletableFuture<Done> prepared, Supplier<SchedulerCore> cores,
                         ActorReplay.ClockFactory clock, EventSink sink, int journalGroup, ChaosLedger chaos,
                         CompletableFuture<RunClock.Outcome> done, Map<String, ActorRef<UnitProtocol.Command>> agents) {
    }

    private final CompletableFuture<ActorSystem<Begin>> system = new CompletableFuture<>();
    /** The preparation once {@link #prepare} was called, else null. */
    private volatile CompletableFuture<Done> prepared;
    /** What the run goes on beside ({@link #alongside}), else null. */
    private volatile CompletionStage<?> alongside;

    private LocalActors(Supplier<Config> config) {
        Thread starter = new Thread(() -> {
            try {
                system.complete(ActorSystem.create(guardian(), "bgctl", LocalSystemConfig.of(config.get())));
            } catch (Throwable t) {
                system.completeExceptionally(t);
            }
        }, "bgctl-actor-start");
        starter.setDaemon(true);
        starter.start();
    }

    /**
     * Starts the actor system of the configuration {@code config} makes (reading Akka's configuration is part of the
     * start).
     */
    static LocalActors start(Supplier<Config> config) {
        return new LocalActors(config);
    }

    /**
     * Does {@code prepare} (e.g. placing the journal and creating its schema) in the system as soon as it is up; the
     * run waits for it before the scheduler starts. Call once, before {@link #run}.
     *
     * @return this
     */
    LocalActors prepare(Function<ActorSystem<?>, CompletionStage<Done>> prepare) {
        if (prepared != null) throw new IllegalStateException("prepared already");
        prepared = system.thenCompose(s -> {
            try {
                return prepare.apply(s);
            } catch (RuntimeException e) {
                return CompletableFuture.failedFuture(e);
            }
        }).toCompletableFuture();
        return this;
    }

    /**
     * Lets the run begin while {@code preparation} — work that the journal waits for by itself before its first
     * write, such as opening its file ({@code H2Opening}) — is still under way; if it fails, so does the run, with its
     * cause. Call before {@link #run}.
     *
     * @return this
     */
    LocalActors alongside(CompletionStage<?> preparation) {
        alongside = preparation;
        return this;
    }

    /**
     * Runs until the clock that {@code clock} makes completes the outcome, in chaos mode when {@code chaos} is given
     * (see {@link ActorReplay#run(Config, Function, Supplier, EventSink, int, ActorReplay.ClockFactory, Consumer,
     * ChaosLedger)}); once the run is over, {@code agents} is given every agent's occupancy, and the system is told to
     * stop. A failure of the run is rethrown. Call once.
     */
    RunClock.Outcome run(Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                         ActorReplay.ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents,
                         ChaosLedger chaos) {
        if (prepared == null) throw new IllegalStateException("run before prepare");
        ActorSystem<Begin> actors = started();
        CompletableFuture<RunClock.Outcome> done = new CompletableFuture<>();
        if (alongside != null) alongside.whenComplete((ready, failure) -> {
            if (failure != null)
                done.completeExceptionally(failure instanceof CompletionException e && e.getCause() != null
                        ? e.getCause() : failure);
        });
        Map<String, ActorRef<UnitProtocol.Command>> spawned = new ConcurrentHashMap<>();
        actors.tell(new Begin(prepared, cores, clock, sink, journalGroup, chaos, done, spawned));
        return ActorReplay.outcome(actors, done, s -> agents.accept(AgentAudit.collect(s,
                new TreeSet<>(spawned.keySet()), spawned::get, ActorReplay.auditTimeout(s))), false);
    }

    /** The system's configuration. */
    Config config() {
        return started().settings().config();
    }

    /** Stops the system if it still runs and waits until it has stopped. */
    @Override
    public void close() {
        ActorSystem<Begin> actors;
        try {
            actors = system.join();
        } catch (CompletionException e) {
            return; // it never started: nothing to stop
        }
        // a run that never began stops only once its journal's schema is made, not while it is
        CompletableFuture<Done> preparing = prepared;
        if (preparing != null) preparing.handle((done, failure) -> done).join();
        actors.terminate();
        actors.getWhenTerminated().toCompletableFuture().join();
    }

    private ActorSystem<Begin> started() {
        try {
            return system.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException("the actor system did not start: " + e.getCause(), e.getCause());
        }
    }

    /** Waits for the run's {@link Begin}. */
    private static Behavior<Begin> guardian() {
        return Behaviors.setup(ctx -> Behaviors.receive(Begin.class).onMessage(Begin.class, b -> begin(ctx, b)).build());
    }

    private static Behavior<Begin> begin(ActorContext<Begin> ctx, Begin b) {
        try {
            b.prepared().join();
        } catch (CompletionException e) {
            b.done().completeExceptionally(e.getCause());
            return Behaviors.stopped();
        }
        DispatcherSelector oneThread = DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER);
        ActorRef<SchedulerActor.Command> scheduler = ActorReplay.spawn(ctx, b.cores().get().machine(),
                units -> SchedulerActor.create(ActorReplay.schedulerId(ctx.getSystem().settings().config()), b.cores(),
                        b.chaos() == null ? units : new ChaosDirectory(units, b.chaos(), ctx.getSystem(), oneThread),
                        b.sink(), b.journalGroup()), oneThread, false, b.agents());
        ctx.watch(scheduler);
        ctx.spawn(b.clock().create(scheduler, b.agents()::get, b.chaos() == null ? b.done()
                : withProtocolStats(ctx.getSystem(), scheduler, b.chaos(), b.done())), "clock", oneThread);
        return Behaviors.receive(Begin.class)
                .onSignal(Terminated.class, t -> {
                    b.done().completeExceptionally(new IllegalStateException(
                            "the scheduler stopped before the run ended; see the log for the cause"));
                    return Behaviors.stopped();
                })
                .build();
    }

    /**
     * A future for the clock that, once the run is over, asks the scheduler how the protocol went, records it in
     * {@code chaos}, and then completes {@code done}.
     */
    private static CompletableFuture<RunClock.Outcome> withProtocolStats(
            ActorSystem<?> system, ActorRef<SchedulerActor.Command> scheduler, ChaosLedger chaos,
            CompletableFuture<RunClock.Outcome> done) {
        CompletableFuture<RunClock.Outcome> ended = new CompletableFuture<>();
        ended.whenComplete((outcome, failure) -> {
            if (failure != null) {
                done.completeExceptionally(failure);
                return;
            }
            AskPattern.<SchedulerActor.Command, SchedulerActor.ProtocolStats>ask(scheduler,
                            SchedulerActor.GetProtocolStats::new, Duration.ofSeconds(30), system.scheduler())
                    .whenComplete((stats, e) -> {
                        if (e != null) {
                            done.completeExceptionally(e);
                        } else {
                            chaos.protocol(stats);
                            done.complete(outcome);
                        }
                    });
        });
        return ended;
    }
}

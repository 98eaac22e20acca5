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
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.UnitDirectory;

/**
 * A replay through the actor system in virtual time: one agent per allocation unit, the
 * event-sourced scheduler, and the virtual clock, in one ActorSystem that lives for the run.
 */
public final class ActorReplay {

    /** The one-thread dispatcher of virtual time (see reference.conf). */
    public static final String VIRTUAL_TIME_DISPATCHER = "bgctl.virtual-time-dispatcher";

    private ActorReplay() {
    }

    /**
     * Runs the arrivals to the end.
     *
     * @param config       the actor system's configuration (journal and scheduler's persistence id included)
     * @param prepare      work to finish before the scheduler starts (e.g. creating the journal schema)
     * @param cores        makes the scheduler's empty core
     * @param arrivals     the jobs, in submit order
     * @param sink         receives every event as it happens
     * @param journalGroup journal group size in events (0 = write-ahead)
     */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, Arrivals arrivals, EventSink sink,
                                           int journalGroup) {
        return run(config, prepare, cores, arrivals, HealthChanges.NONE, sink, journalGroup);
    }

    /** Runs the arrivals to the end, with the components' health changing as {@code health} says. */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                           EventSink sink, int journalGroup) {
        return run(config, prepare, cores, sink, journalGroup,
                (scheduler, done) -> VirtualClock.create(scheduler, arrivals, health, done));
    }

    /** What drives the scheduler in virtual time and completes the outcome when the run is over. */
    @FunctionalInterface
    public interface ClockFactory {
        Behavior<?> create(ActorRef<SchedulerActor.Command> scheduler, CompletableFuture<VirtualClock.Outcome> done);
    }

    /** Runs to the end with another driver than the trace's {@link VirtualClock}. */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                           ClockFactory clock) {
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        Behavior<Void> guardian = Behaviors.setup(
                ctx -> start(ctx, prepare, cores, clock, sink, journalGroup, null, done));
        return outcome(ActorSystem.create(guardian, "bgctl", config), done);
    }

    /**
     * Runs the arrivals to the end in chaos mode: agent messages are dropped, duplicated and delayed as
     * {@code chaos} says ({@link ChaosDirectory}), the protocol's phase timeout and attempts are chaos mode's
     * ({@code bgctl.chaos}), and what happened is counted in {@code chaos}.
     */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                           EventSink sink, int journalGroup, ChaosLedger chaos) {
        Config chaotic = ConfigFactory.parseMap(Map.of(
                "bgctl.scheduler.phase-timeout", config.getDuration("bgctl.chaos.phase-timeout").toMillis() + "ms",
                "bgctl.scheduler.phase-attempts", config.getInt("bgctl.chaos.phase-attempts"))).withFallback(config);
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        Behavior<Void> guardian = Behaviors.setup(ctx -> start(ctx, prepare, cores,
                (scheduler, ended) -> VirtualClock.create(scheduler, arrivals, health, ended), sink, journalGroup,
                chaos, done));
        return outcome(ActorSystem.create(guardian, "bgctl", chaotic), done);
    }

    /** Waits for {@code done}, then terminates {@code system}; a failure of the run is rethrown. */
    public static VirtualClock.Outcome outcome(ActorSystem<?> system, CompletableFuture<VirtualClock.Outcome> done) {
        try {
            return done.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException(e.getCause());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /** The persistence id of the run's scheduler: {@code bgctl.journal.persistence-id}. */
    public static PersistenceId schedulerId(Config config) {
        return PersistenceId.ofUniqueId(config.getString("bgctl.journal.persistence-id"));
    }

    /**
     * A future for the clock that, once the run is over, asks the scheduler how the protocol went, records it in
     * {@code chaos}, and then completes {@code done}.
     */
    private static CompletableFuture<VirtualClock.Outcome> withProtocolStats(
            ActorSystem<?> system, ActorRef<SchedulerActor.Command> scheduler, ChaosLedger chaos,
            CompletableFuture<VirtualClock.Outcome> done) {
        CompletableFuture<VirtualClock.Outcome> ended = new CompletableFuture<>();
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

    private static Behavior<Void> start(ActorContext<Void> ctx,
                                        Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                        Supplier<SchedulerCore> cores, ClockFactory clock, EventSink sink,
                                        int journalGroup, ChaosLedger chaos,
                                        CompletableFuture<VirtualClock.Outcome> done) {
        try {
            prepare.apply(ctx.getSystem()).toCompletableFuture().join();
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return Behaviors.stopped();
        }
        MachineModel machine = cores.get().machine();
        Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
        DispatcherSelector oneThread = DispatcherSelector.fromConfig(VIRTUAL_TIME_DISPATCHER);
        for (String unit : machine.units())
            agents.put(unit, ctx.spawn(UnitAgents.forUnit(machine, unit), unit, oneThread));
        UnitDirectory directory = chaos == null ? agents::get
                : new ChaosDirectory(agents::get, chaos, ctx.getSystem(), oneThread);
        ActorRef<SchedulerActor.Command> scheduler = ctx.spawn(SchedulerActor.create(
                schedulerId(ctx.getSystem().settings().config()), cores, directory, sink, journalGroup),
                "scheduler", oneThread);
        ctx.watch(scheduler);
        ctx.spawn(clock.create(scheduler, chaos == null ? done : withProtocolStats(ctx.getSystem(), scheduler, chaos, done)),
                "clock", oneThread);
        return Behaviors.receive(Void.class)
                .onSignal(Terminated.class, t -> {
                    done.completeExceptionally(new IllegalStateException(
                            "the scheduler stopped before the run ended; see the log for the cause"));
                    return Behaviors.stopped();
                })
                .build();
    }
}

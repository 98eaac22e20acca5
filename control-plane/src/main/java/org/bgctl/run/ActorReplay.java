package org.bgctl.run;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.function.Consumer;
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
import org.bgctl.scheduler.audit.AgentAudit;

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
        return run(config, prepare, cores, arrivals, health, sink, journalGroup, agents -> { });
    }

    /**
     * Runs the arrivals to the end, with the components' health changing as {@code health} says; once the run is
     * over, {@code agents} is given every agent's occupancy.
     */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                           EventSink sink, int journalGroup,
                                           Consumer<Map<String, UnitProtocol.Occupancy>> agents) {
        return run(config, prepare, cores, sink, journalGroup,
                (scheduler, done) -> VirtualClock.create(scheduler, arrivals, health, done), agents);
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
        return run(config, prepare, cores, sink, journalGroup, clock, agents -> { });
    }

    /** Runs to the end with {@code clock}; once the run is over, {@code agents} is given every agent's occupancy. */
    public static VirtualClock.Outcome run(Config config,
                                           Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                           Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                           ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents) {
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        Map<String, ActorRef<UnitProtocol.Command>> spawned = new ConcurrentHashMap<>();
        Behavior<Void> guardian = Behaviors.setup(
                ctx -> start(ctx, prepare, cores, clock, sink, journalGroup, done, spawned));
        return outcome(ActorSystem.create(guardian, "bgctl", config), done,
                system -> agents.accept(AgentAudit.collect(system, new TreeSet<>(spawned.keySet()), spawned::get,
                        auditTimeout(system))));
    }

    /** How long the audit at the end of a run waits for each agent's occupancy. */
    public static Duration auditTimeout(ActorSystem<?> system) {
        return system.settings().config().getDuration("bgctl.agent-audit-timeout");
    }

    /** Waits for {@code done}, then terminates {@code system}; a failure of the run is rethrown. */
    public static VirtualClock.Outcome outcome(ActorSystem<?> system, CompletableFuture<VirtualClock.Outcome> done) {
        return outcome(system, done, s -> { });
    }

    /**
     * Waits for {@code done}; if the run succeeded, does {@code atEnd} in the system still running; then terminates
     * {@code system}. A failure of the run is rethrown.
     */
    public static VirtualClock.Outcome outcome(ActorSystem<?> system, CompletableFuture<VirtualClock.Outcome> done,
                                               Consumer<ActorSystem<?>> atEnd) {
        try {
            VirtualClock.Outcome outcome = done.get();
            atEnd.accept(system);
            return outcome;
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

    private static Behavior<Void> start(ActorContext<Void> ctx,
                                        Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                        Supplier<SchedulerCore> cores, ClockFactory clock, EventSink sink,
                                        int journalGroup, CompletableFuture<VirtualClock.Outcome> done,
                                        Map<String, ActorRef<UnitProtocol.Command>> agents) {
        try {
            prepare.apply(ctx.getSystem()).toCompletableFuture().join();
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
            return Behaviors.stopped();
        }
        MachineModel machine = cores.get().machine();
        DispatcherSelector oneThread = DispatcherSelector.fromConfig(VIRTUAL_TIME_DISPATCHER);
        for (String unit : machine.units())
            agents.put(unit, ctx.spawn(UnitAgents.forUnit(machine, unit), unit, oneThread));
        ActorRef<SchedulerActor.Command> scheduler = ctx.spawn(SchedulerActor.create(
                schedulerId(ctx.getSystem().settings().config()), cores, agents::get, sink, journalGroup),
                "scheduler", oneThread);
        ctx.watch(scheduler);
        ctx.spawn(clock.create(scheduler, done), "clock", oneThread);
        return Behaviors.receive(Void.class)
                .onSignal(Terminated.class, t -> {
                    done.completeExceptionally(new IllegalStateException(
                            "the scheduler stopped before the run ended; see the log for the cause"));
                    return Behaviors.stopped();
                })
                .build();
    }
}

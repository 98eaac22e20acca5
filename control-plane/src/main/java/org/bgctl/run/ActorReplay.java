package org.bgctl.run;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.Props;
import akka.actor.typed.javadsl.ActorContext;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitAgents;
import org.bgctl.clock.Pacing;
import org.bgctl.clock.RunClock;
import org.bgctl.journal.JdbcJournal;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.UnitDirectory;

/**
 * A run through the actor system: one agent per allocation unit, the event-sourced scheduler, and the clock, in one
 * ActorSystem that lives for the run, on one thread ({@value #VIRTUAL_TIME_DISPATCHER}) whatever the clock's pacing.
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
    public static RunClock.Outcome run(Config config,
                                       Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                       Supplier<SchedulerCore> cores, Arrivals arrivals, EventSink sink,
                                       int journalGroup) {
        return run(config, prepare, cores, sink, journalGroup, (scheduler, units, done) -> RunClock.create(scheduler,
                RunClock.Inputs.of(arrivals, HealthChanges.NONE), Pacing.VIRTUAL, done));
    }

    /** What drives the scheduler and completes the outcome when the run is over: a {@link RunClock}. */
    @FunctionalInterface
    public interface ClockFactory {
        /** The clock of a run whose scheduler is {@code scheduler} over the agents {@code units}. */
        Behavior<?> create(ActorRef<SchedulerActor.Command> scheduler, UnitDirectory units,
                           CompletableFuture<RunClock.Outcome> done);
    }

    /** Runs until the clock {@code clock} makes completes the outcome. */
    public static RunClock.Outcome run(Config config,
                                       Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                       Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                       ClockFactory clock) {
        return run(config, prepare, cores, sink, journalGroup, clock, agents -> { });
    }

    /**
     * Runs until {@code clock} completes the outcome; once the run is over, {@code agents} is given every agent's
     * occupancy (the audit of the agents).
     */
    public static RunClock.Outcome run(Config config,
                                       Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                       Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                       ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents) {
        return run(config, prepare, cores, sink, journalGroup, clock, agents, null);
    }

    /**
     * Runs until {@code clock} completes the outcome, in chaos mode when {@code chaos} is given: agent messages are
     * dropped, duplicated and delayed as it says ({@link ChaosDirectory}), the protocol's phase timeout and attempts
     * are chaos mode's ({@code bgctl.chaos}), and what happened is counted in {@code chaos}. Once the run is over,
     * {@code agents} is given every agent's occupancy.
     */
    public static RunClock.Outcome run(Config config,
                                       Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                       Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                       ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents,
                                       ChaosLedger chaos) {
        try (LocalActors actors = LocalActors.start(() -> chaosConfig(config, chaos != null)).prepare(prepare)) {
            return actors.run(cores, sink, journalGroup, clock, agents, chaos);
        }
    }

    /**
     * {@code config}, with chaos mode's protocol phase timeout and attempts ({@code bgctl.chaos}) when {@code chaos},
     * and its timeouts expected.
     */
    static Config chaosConfig(Config config, boolean chaos) {
        if (!chaos) return config;
        // The protocol's timer ticks 4 times per phase timeout (12.5 ms for 50 ms); on Akka's default 10 ms scheduler
        // tick each of its ticks took about 40 ms, so a timeout cost about 200 ms of wall time instead of about 60.
        return ConfigFactory.parseMap(Map.of(
                "bgctl.scheduler.phase-timeout", config.getDuration("bgctl.chaos.phase-timeout").toMillis() + "ms",
                "bgctl.scheduler.phase-attempts", config.getInt("bgctl.chaos.phase-attempts"),
                "bgctl.scheduler.timeouts-expected", true,
                "akka.scheduler.tick-duration", "1ms")).withFallback(config);
    }

    /** How long the audit at the end of a run waits for each agent's occupancy. */
    public static Duration auditTimeout(ActorSystem<?> system) {
        return system.settings().config().getDuration("bgctl.agent-audit-timeout");
    }

    /**
     * Waits for {@code done} and for the journal's last write; if the run succeeded, does {@code atEnd} in the system
     * still running; then terminates {@code system}. A failure of the run, or of a journal write, is rethrown.
     */
    public static RunClock.Outcome outcome(ActorSystem<?> system, CompletableFuture<RunClock.Outcome> done,
                                           Consumer<ActorSystem<?>> atEnd) {
        return outcome(system, done, atEnd, true);
    }

    /**
     * As {@link #outcome(ActorSystem, CompletableFuture, Consumer)}; unless {@code waitForStop}, returns once
     * {@code system} has been told to terminate, without waiting for it.
     */
    static RunClock.Outcome outcome(ActorSystem<?> system, CompletableFuture<RunClock.Outcome> done,
                                    Consumer<ActorSystem<?>> atEnd, boolean waitForStop) {
        try {
            RunClock.Outcome outcome = done.get();
            JdbcJournal.awaitPipelined(system);
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
            if (waitForStop) system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /**
     * Does {@code prepare} in {@code system} and waits for it; when it fails, completes {@code done} with why (the
     * exception itself, not a {@link CompletionException} around it) and answers false.
     */
    public static boolean prepared(ActorSystem<?> system, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                   CompletableFuture<RunClock.Outcome> done) {
        try {
            prepare.apply(system).toCompletableFuture().join();
            return true;
        } catch (CompletionException e) {
            done.completeExceptionally(e.getCause());
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
        return false;
    }

    /** The persistence id of the run's scheduler: {@code bgctl.journal.persistence-id}. */
    public static PersistenceId schedulerId(Config config) {
        return PersistenceId.ofUniqueId(config.getString("bgctl.journal.persistence-id"));
    }

    /**
     * Spawns under {@code ctx} the agents of {@code machine}, one per allocation unit, and the scheduler that
     * {@code scheduler} makes over them: the one place a run in one JVM builds them (a replay here; a server,
     * {@code org.bgctl.live.LiveServer}, with supervision).
     *
     * @param props      where they run (a replay: the one-thread dispatcher of virtual time)
     * @param supervised each agent is restarted when it throws and tells the scheduler, which re-synchronises it
     *                   ({@link UnitAgents#supervised}); otherwise a failed agent stays stopped
     * @param agents     receives each agent by its unit
     */
    public static ActorRef<SchedulerActor.Command> spawn(
            ActorContext<?> ctx, MachineModel machine,
            Function<UnitDirectory, Behavior<SchedulerActor.Command>> scheduler, Props props, boolean supervised,
            Map<String, ActorRef<UnitProtocol.Command>> agents) {
        AtomicReference<ActorRef<SchedulerActor.Command>> schedulerRef = new AtomicReference<>();
        for (String unit : machine.units()) {
            Behavior<UnitProtocol.Command> agent = UnitAgents.forUnit(machine, unit);
            if (supervised) {
                agent = UnitAgents.supervised(agent, unit,
                        u -> schedulerRef.get().tell(new SchedulerActor.UnitRestarted(u)));
            }
            agents.put(unit, ctx.spawn(agent, unit, props));
        }
        schedulerRef.set(ctx.spawn(scheduler.apply(agents::get), "scheduler", props));
        return schedulerRef.get();
    }
}

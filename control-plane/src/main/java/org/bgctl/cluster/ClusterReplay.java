package org.bgctl.cluster;

import akka.Done;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.clock.RunClock;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.ActorHost;
import org.bgctl.run.ActorReplay;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.RunEnd;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.audit.AgentAudit;

/**
 * A replay whose agents are spread over an Akka cluster. This process is the driver: it joins the
 * cluster with the {@value ClusterScheduler#DRIVER_ROLE} role, hosts agents like every member, runs
 * the scheduler as a Cluster Singleton and the clock ({@link ClusterDriver}), reads the trace
 * and writes the outputs. Same clock, same schedule as in one JVM — or, when a member is lost or a
 * message cannot cross, a failed run ({@link ClusterScheduler}, {@link LostMessages}).
 */
public final class ClusterReplay implements ActorHost {

    /** How much longer than the cluster's detection of a lost member a phase waits in a cluster replay. */
    private static final Duration LOSS_MARGIN = Duration.ofSeconds(5);

    /** The outcome of a run stopped before its clock started: no instant released. */
    private static final RunClock.Outcome STOPPED_BEFORE_START =
            new RunClock.Outcome(0, 0, 0, Long.MIN_VALUE, RunEnd.INTERRUPTED);

    private final ClusterOptions options;
    private final CompletableFuture<?> stop;
    private final Runnable joined;

    /** A replay on the cluster of {@code options} that nothing stops before its end. */
    public ClusterReplay(ClusterOptions options) {
        this(options, new CompletableFuture<>(), () -> { });
    }

    /**
     * A replay on the cluster of {@code options}, stopped when {@code stop} completes — by the clock once it runs;
     * before, while the driver waits for members to host agents, the run ends at once, no instant released. Its actor
     * system started and joining the cluster, it runs {@code joined} (to say that it waits for its members).
     */
    public ClusterReplay(ClusterOptions options, CompletionStage<?> stop, Runnable joined) {
        this.options = options;
        this.stop = stop.toCompletableFuture();
        this.joined = joined;
    }

    @Override
    public RunClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                ActorReplay.ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents) {
        MachineModel machine = cores.get().machine();
        Config member = memberConfig(options, machine, config);
        CompletableFuture<RunClock.Outcome> done = new CompletableFuture<>();
        AtomicBoolean clocked = new AtomicBoolean();
        // stopped while it waits for its members, before any instant: the clock, which would stop it, is not there
        stop.thenRun(() -> {
            if (!clocked.get()) done.complete(STOPPED_BEFORE_START);
        });
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            ctx.setLoggerName(ClusterReplay.class);
            if (!ActorReplay.prepared(ctx.getSystem(), prepare, done)) return Behaviors.stopped();
            ctx.spawn(ClusterDriver.create(options.members(), machine,
                    units -> SchedulerActor.create(ActorReplay.schedulerId(member), cores, units, sink, journalGroup),
                    done, (driver, scheduler) -> {
                        clocked.set(true);
                        driver.spawn(clock.create(scheduler, UnitSharding.directory(driver.getSystem(), machine),
                                done), "clock", DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER));
                    }, true), "driver");
            return Behaviors.empty();
        });
        // stopped first, the system would not start: remoting adds a JVM shutdown hook, refused once the JVM stops
        if (stop.isDone()) return STOPPED_BEFORE_START;
        ActorSystem<Void> driver;
        try {
            driver = ActorSystem.create(guardian, ClusterOptions.SYSTEM, member);
        } catch (IllegalStateException shutdownInProgress) {
            if (stop.isDone()) return STOPPED_BEFORE_START;
            throw shutdownInProgress;
        }
        joined.run();
        return ActorReplay.outcome(driver, done,
                system -> {
                    // agents that never started (no clock ran) have nothing to audit, and could not answer
                    if (clocked.get())
                        agents.accept(AgentAudit.collect(system, machine, UnitSharding.directory(system, machine),
                                ActorReplay.auditTimeout(system)));
                });
    }

    /**
     * The driver's configuration: the cluster's ({@code options}, the driver role, the machine) over the run's
     * {@code config}, with the sharding's rebalance interval within the run's timers (a replay on the scaled clock
     * times to the millisecond), phases that outlast a lost member's notice, and the shutdown the run needs.
     */
    static Config memberConfig(ClusterOptions options, MachineModel machine, Config config) {
        return ownShutdown(patientPhases(ClusterOptions.rebalanceWithinTimers(options.config(
                List.of(ClusterScheduler.DRIVER_ROLE, MemberMachine.role(machine))).withFallback(config))));
    }

    /**
     * {@code config}, and for a run its own shutdown hook stops (a durable one: Akka's coordinated shutdown is then
     * not run by the JVM's hook) no JVM shutdown hook of Akka's at all: remoting's would close the connections to the
     * other members at the signal, before the clock stopped the run, so the instant under way would never settle and
     * the driver would end downed by the cluster, with no outputs, instead of interrupted and resumable.
     */
    static Config ownShutdown(Config config) {
        if (config.getBoolean("akka.coordinated-shutdown.run-by-jvm-shutdown-hook")) return config;
        return ConfigFactory.parseMap(Map.of("akka.jvm-shutdown-hooks", "off")).withFallback(config);
    }

    /**
     * {@code config} with a phase timeout longer than the cluster takes to notice a lost member (the failure
     * detector's acceptable heartbeat pause, then the Split Brain Resolver's stable-after, plus a margin): a
     * transaction stuck on a lost agent is then still waiting when the loss stops the run ({@link ClusterScheduler}),
     * so a lost message can never turn into another schedule.
     */
    static Config patientPhases(Config config) {
        Duration noticed = config.getDuration("akka.cluster.failure-detector.acceptable-heartbeat-pause")
                .plus(config.getDuration("akka.cluster.split-brain-resolver.stable-after"))
                .plus(LOSS_MARGIN);
        if (config.getDuration("bgctl.scheduler.phase-timeout").compareTo(noticed) >= 0) return config;
        return ConfigFactory.parseMap(Map.of("bgctl.scheduler.phase-timeout", noticed.toMillis() + "ms"))
                .withFallback(config);
    }
}

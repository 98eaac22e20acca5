package org.bgctl.cluster;

import akka.Done;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.ActorHost;
import org.bgctl.run.ActorReplay;
import org.bgctl.run.VirtualClock;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.audit.AgentAudit;

/**
 * A replay whose agents are spread over an Akka cluster. This process is the driver: it joins the
 * cluster with the {@value ClusterScheduler#DRIVER_ROLE} role, hosts agents like every member, runs
 * the scheduler as a Cluster Singleton and the virtual clock ({@link ClusterDriver}), reads the trace
 * and writes the outputs. Same virtual time, same schedule as in one JVM.
 */
public final class ClusterReplay implements ActorHost {

    private final ClusterOptions options;

    public ClusterReplay(ClusterOptions options) {
        this.options = options;
    }

    @Override
    public VirtualClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                    Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                    EventSink sink, int journalGroup,
                                    Consumer<Map<String, UnitProtocol.Occupancy>> agents) {
        Config member = options.config(List.of(ClusterScheduler.DRIVER_ROLE)).withFallback(config);
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        MachineModel machine = cores.get().machine();
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            ctx.setLoggerName(ClusterReplay.class);
            try {
                prepare.apply(ctx.getSystem()).toCompletableFuture().join();
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                return Behaviors.stopped();
            }
            ctx.spawn(ClusterDriver.create(options.members(), machine,
                    units -> SchedulerActor.create(ActorReplay.schedulerId(member), cores, units, sink, journalGroup),
                    done, (driver, scheduler) -> driver.spawn(VirtualClock.create(scheduler, arrivals, health, done),
                            "clock", DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER))), "driver");
            return Behaviors.empty();
        });
        return ActorReplay.outcome(ActorSystem.create(guardian, ClusterOptions.SYSTEM, member), done,
                system -> agents.accept(AgentAudit.collect(system, machine, UnitSharding.directory(system),
                        ActorReplay.auditTimeout(system))));
    }
}

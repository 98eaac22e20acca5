package org.bgctl.cluster;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.ActorHost;
import org.bgctl.run.ActorReplay;
import org.bgctl.run.VirtualClock;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.UnitDirectory;

/**
 * A replay whose agents are spread over an Akka cluster. This process is the driver: it joins the
 * cluster with the {@value ClusterScheduler#DRIVER_ROLE} role, hosts agents like every member, runs
 * the scheduler as a Cluster Singleton and the virtual clock, reads the trace and writes the outputs.
 * The clock starts once {@link ClusterOptions#members()} members host agents ({@link MembersHosting}),
 * so that the shards are spread over all of them from the first job on, and the agent of every unit
 * has started ({@link UnitSharding#startAll}), so that no transaction waits for a shard's home. Same virtual time, same
 * schedule as in one JVM.
 */
public final class ClusterReplay implements ActorHost {

    private final ClusterOptions options;

    /** Every agent answered (or {@code failure} says why not). */
    private record AgentsStarted(Integer agents, Throwable failure) {
    }

    public ClusterReplay(ClusterOptions options) {
        this.options = options;
    }

    @Override
    public VirtualClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                    Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health,
                                    EventSink sink, int journalGroup) {
        Config member = options.config(List.of(ClusterScheduler.DRIVER_ROLE)).withFallback(config);
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        Behavior<Object> guardian = Behaviors.setup(ctx -> {
            ctx.setLoggerName(ClusterReplay.class);
            try {
                prepare.apply(ctx.getSystem()).toCompletableFuture().join();
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                return Behaviors.stopped();
            }
            MachineModel machine = cores.get().machine();
            UnitDirectory units = UnitSharding.start(ctx.getSystem(), machine);
            ActorRef<SchedulerActor.Command> scheduler = ClusterScheduler.start(ctx.getSystem(), SchedulerActor.create(
                    ActorReplay.schedulerId(member), cores, units, sink, journalGroup), done);
            ctx.spawn(MembersHosting.create(options.members(), ctx.getSelf().narrow()), "members");
            Duration agentsTimeout = member.getDuration("bgctl.cluster.agents-start-timeout");
            return Behaviors.receive(Object.class)
                    .onMessage(MembersHosting.Ready.class, ready -> {
                        ctx.getLog().info("{} members host agents; starting the agents of {} units", ready.members(),
                                machine.units().size());
                        ctx.pipeToSelf(UnitSharding.startAll(ctx.getSystem(), machine, units, agentsTimeout),
                                AgentsStarted::new);
                        return Behaviors.same();
                    })
                    .onMessage(AgentsStarted.class, started -> {
                        if (started.failure() != null) {
                            done.completeExceptionally(new IllegalStateException("the agents did not all start within "
                                    + agentsTimeout + "; is every member given --machine " + machine.name() + "?",
                                    started.failure()));
                            return Behaviors.stopped();
                        }
                        ctx.getLog().info("{} agents started: the replay starts", started.agents());
                        ctx.spawn(VirtualClock.create(scheduler, arrivals, health, done), "clock",
                                DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER));
                        return Behaviors.ignore();
                    })
                    .build();
        });
        return ActorReplay.outcome(ActorSystem.create(guardian, ClusterOptions.SYSTEM, member), done);
    }
}

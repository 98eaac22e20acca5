package org.bgctl.cluster;

import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.sharding.typed.ClusterShardingQuery;
import akka.cluster.sharding.typed.GetClusterShardingStats;
import akka.cluster.sharding.ShardRegion.ClusterShardingStats;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.typed.SelfUp;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
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
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.UnitDirectory;

/**
 * A replay whose agents are spread over an Akka cluster. This process is the driver: it joins the
 * cluster with the {@value ClusterScheduler#DRIVER_ROLE} role, hosts agents like every member, runs
 * the scheduler as a Cluster Singleton and the virtual clock, reads the trace and writes the outputs.
 * The clock starts once {@link ClusterOptions#members()} members host agents, so that the shards are
 * spread over all of them from the first job on. Same virtual time, same schedule as in one JVM.
 */
public final class ClusterReplay implements ActorHost {

    private final ClusterOptions options;

    public ClusterReplay(ClusterOptions options) {
        this.options = options;
    }

    /** What the driver's guardian hears while the cluster forms. */
    private interface Forming {
    }

    private record Up() implements Forming {
    }

    private record Poll() implements Forming {
    }

    private record Hosting(int members) implements Forming {
    }

    @Override
    public VirtualClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                    Supplier<SchedulerCore> cores, Arrivals arrivals, EventSink sink,
                                    int journalGroup) {
        Config member = options.config(List.of(ClusterScheduler.DRIVER_ROLE)).withFallback(config);
        CompletableFuture<VirtualClock.Outcome> done = new CompletableFuture<>();
        Behavior<Forming> guardian = Behaviors.setup(ctx -> {
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
            Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(
                    ctx.messageAdapter(SelfUp.class, up -> new Up()), SelfUp.class));
            return forming(ctx, scheduler, arrivals, done);
        });
        return ActorReplay.outcome(ActorSystem.create(guardian, ClusterOptions.SYSTEM, member), done);
    }

    /** Waits until the cluster is up and enough members host agents, then starts the clock. */
    private Behavior<Forming> forming(ActorContext<Forming> ctx, ActorRef<SchedulerActor.Command> scheduler,
                                      Arrivals arrivals, CompletableFuture<VirtualClock.Outcome> done) {
        Duration poll = ctx.getSystem().settings().config().getDuration("bgctl.cluster.members-poll");
        ActorRef<ClusterShardingQuery> shards = ClusterSharding.get(ctx.getSystem()).shardState();
        return Behaviors.withTimers(timers -> Behaviors.receive(Forming.class)
                .onMessage(Up.class, up -> {
                    ctx.getSelf().tell(new Poll());
                    return Behaviors.same();
                })
                .onMessage(Poll.class, p -> {
                    ctx.ask(ClusterShardingStats.class, shards, poll.multipliedBy(5),
                            replyTo -> new GetClusterShardingStats(UnitSharding.UNIT, poll.multipliedBy(5), replyTo),
                            (stats, failure) -> new Hosting(stats == null ? 0 : stats.getRegions().size()));
                    return Behaviors.same();
                })
                .onMessage(Hosting.class, hosting -> {
                    if (hosting.members() < options.members()) {
                        timers.startSingleTimer(new Poll(), poll);
                        return Behaviors.same();
                    }
                    ctx.getLog().info("{} members host agents: the replay starts", hosting.members());
                    ctx.spawn(VirtualClock.create(scheduler, arrivals, done), "clock",
                            DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER));
                    return Behaviors.ignore();
                })
                .build());
    }
}

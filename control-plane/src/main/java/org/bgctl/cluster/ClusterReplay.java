package org.bgctl.cluster;

import akka.Done;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.Config;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.clock.RunClock;
import org.bgctl.run.ActorHost;
import org.bgctl.run.ActorReplay;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;

/**
 * A replay whose agents are spread over an Akka cluster. This process is the driver: it joins the
 * cluster with the {@value ClusterScheduler#DRIVER_ROLE} role, hosts agents like every member, runs
 * the scheduler as a Cluster Singleton and the clock ({@link ClusterDriver}), reads the trace
 * and writes the outputs. Same clock, same schedule as in one JVM.
 */
public final class ClusterReplay implements ActorHost {

    private final ClusterOptions options;

    public ClusterReplay(ClusterOptions options) {
        this.options = options;
    }

    @Override
    public RunClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                                Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                                ActorReplay.ClockFactory clock) {
        Config member = options.config(List.of(ClusterScheduler.DRIVER_ROLE)).withFallback(config);
        CompletableFuture<RunClock.Outcome> done = new CompletableFuture<>();
        Behavior<Void> guardian = Behaviors.setup(ctx -> {
            ctx.setLoggerName(ClusterReplay.class);
            try {
                prepare.apply(ctx.getSystem()).toCompletableFuture().join();
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
                return Behaviors.stopped();
            }
            ctx.spawn(ClusterDriver.create(options.members(), cores.get().machine(),
                    units -> SchedulerActor.create(ActorReplay.schedulerId(member), cores, units, sink, journalGroup),
                    done, (driver, scheduler) -> driver.spawn(clock.create(scheduler, done),
                            "clock", DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER))), "driver");
            return Behaviors.empty();
        });
        return ActorReplay.outcome(ActorSystem.create(guardian, ClusterOptions.SYSTEM, member), done);
    }
}

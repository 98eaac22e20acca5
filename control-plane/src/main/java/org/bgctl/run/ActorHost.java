package org.bgctl.run;

import akka.Done;
import akka.actor.typed.ActorSystem;
import com.typesafe.config.Config;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerCore;

/**
 * Where the agents and the scheduler of an actor replay live: all in this JVM
 * ({@link ActorReplay#run}), or spread over an Akka cluster (org.bgctl.cluster.ClusterReplay).
 * Either way the run is the same virtual-time replay and yields the same schedule.
 */
@FunctionalInterface
public interface ActorHost {

    /** Everything in one ActorSystem of this JVM. */
    ActorHost LOCAL = ActorReplay::run;

    /**
     * Runs the arrivals to the end, the components' health changing as {@code health} says; the
     * parameters are those of {@link ActorReplay#run}. Once the run is over, before the actor system
     * stops, {@code agents} is given every agent's occupancy (for the audit of the agents).
     */
    VirtualClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                             Supplier<SchedulerCore> cores, Arrivals arrivals, HealthChanges health, EventSink sink,
                             int journalGroup, Consumer<Map<String, UnitProtocol.Occupancy>> agents);
}

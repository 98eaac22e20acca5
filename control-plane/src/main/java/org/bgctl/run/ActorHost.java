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
import org.bgctl.clock.RunClock;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.SchedulerCore;

/**
 * Where the agents and the scheduler of an actor run live: all in this JVM ({@link ActorReplay#run}), or spread over
 * an Akka cluster (org.bgctl.cluster.ClusterReplay). Either way the host builds the agents and the scheduler, and the
 * clock that {@code clock} makes drives them; the same clock and inputs yield the same schedule.
 */
@FunctionalInterface
public interface ActorHost {

    /** Everything in one ActorSystem of this JVM. */
    ActorHost LOCAL = ActorReplay::run;

    /**
     * Runs until the clock completes the outcome; the parameters are those of {@link ActorReplay#run}. Once the run
     * is over, before the actor system stops, {@code agents} is given every agent's occupancy (for the audit of the
     * agents).
     */
    RunClock.Outcome run(Config config, Function<ActorSystem<?>, CompletionStage<Done>> prepare,
                         Supplier<SchedulerCore> cores, EventSink sink, int journalGroup,
                         ActorReplay.ClockFactory clock, Consumer<Map<String, UnitProtocol.Occupancy>> agents);
}

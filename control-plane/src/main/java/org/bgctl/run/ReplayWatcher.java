package org.bgctl.run;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.RunClock;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.UnitDirectory;

/**
 * Something that watches a replay on the scaled clock as it runs ({@code replay --speed K --port P}): it sees every
 * scheduler event and is started with the clock, in the run's actor system. Watching alone changes nothing: the
 * schedule is the one the replay makes without it; what an operator does through it (submit, cancel, fault) goes to
 * the run's clock, as to a server's, and becomes part of the run.
 */
public interface ReplayWatcher extends EventSink {

    /**
     * Called once, as the clock starts and before its first instant.
     *
     * @param clock    the run's clock
     * @param units    the run's agents
     * @param lateness the clock's lateness, as it is measured
     */
    void start(ActorSystem<?> system, ActorRef<RunClock.Command> clock, UnitDirectory units, Lateness lateness);
}

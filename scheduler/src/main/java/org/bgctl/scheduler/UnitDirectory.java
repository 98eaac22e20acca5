package org.bgctl.scheduler;

import akka.actor.typed.RecipientRef;
import org.bgctl.agents.UnitProtocol;

/**
 * Finds a unit agent by its entity id ({@code ns-0}, {@code mp-R010}, ...), so that the same
 * scheduler runs against local child actors or cluster-sharded entities.
 */
@FunctionalInterface
public interface UnitDirectory {

    /** The agent of {@code unit}: an actor of this JVM, or a sharded entity wherever the cluster keeps it. */
    RecipientRef<UnitProtocol.Command> ref(String unit);
}

package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;

/** The members (actor systems) a test starts in its own JVM. */
final class TestMembers {

    private TestMembers() {
    }

    /** Terminates each started member of {@code members} (null: never started), in order, waiting for each. */
    static void terminate(ActorSystem<?>... members) {
        for (ActorSystem<?> s : members) {
            if (s == null) continue;
            s.terminate();
            s.getWhenTerminated().toCompletableFuture().join();
        }
    }
}

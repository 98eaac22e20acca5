package org.bgctl.cluster;

import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.ClusterEvent;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.Subscribe;
import java.util.Set;
import java.util.concurrent.ConcurrentSkipListSet;

/**
 * Why the cluster downed a member, in one line: the members it had lost sight of, and the Split Brain Resolver's rule
 * (keep-majority keeps the larger side, on a tie the one with the lowest address). A driver ({@link ClusterDriver})
 * and a member ({@link ClusterNode}) say it as they stop, instead of only Akka's warning of the resolver's decision.
 */
final class Downing {

    private final Set<String> unreachable = new ConcurrentSkipListSet<>();

    private Downing() {
    }

    /** Keeps track, from now on, of the members that {@code ctx}'s member cannot reach. */
    static Downing watch(ActorContext<?> ctx) {
        Downing downing = new Downing();
        ctx.spawn(Behaviors.<ClusterEvent.ReachabilityEvent>setup(watcher -> {
            Cluster.get(watcher.getSystem()).subscriptions().tell(Subscribe.create(
                    watcher.getSelf(), ClusterEvent.ReachabilityEvent.class));
            return Behaviors.receive(ClusterEvent.ReachabilityEvent.class)
                    .onMessage(ClusterEvent.UnreachableMember.class, u -> {
                        downing.unreachable.add(u.member().address().toString());
                        return Behaviors.same();
                    })
                    .onMessage(ClusterEvent.ReachableMember.class, r -> {
                        downing.unreachable.remove(r.member().address().toString());
                        return Behaviors.same();
                    })
                    .build();
        }), "reachability");
        return downing;
    }

    /** Whether {@code system} shuts down because the cluster downed it (not stopped, nor left on request). */
    static boolean downed(ActorSystem<?> system) {
        return CoordinatedShutdown.get(system).getShutdownReason()
                .filter(CoordinatedShutdown.clusterDowningReason()::equals).isPresent();
    }

    /** The line that says the cluster downed this {@code member} ("driver", "member"), and which members it had lost. */
    String why(String member) {
        return "the cluster downed this " + member + ", which had lost "
                + (unreachable.isEmpty() ? "sight of its members" : String.join(", ", unreachable))
                + ": the Split Brain Resolver (keep-majority) keeps the larger side, on a tie the one with the"
                + " lowest address; use an odd number of members; stopped";
    }
}

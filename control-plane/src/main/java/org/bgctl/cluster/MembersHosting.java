package org.bgctl.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.sharding.ShardRegion.ClusterShardingStats;
import akka.cluster.sharding.typed.ClusterShardingQuery;
import akka.cluster.sharding.typed.GetClusterShardingStats;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.SelfUp;
import akka.cluster.typed.Subscribe;
import java.time.Duration;

/**
 * Waits until this member is up and {@code members} members host unit agents, then tells
 * {@code replyTo} {@link Ready} and stops: the moment a driver may start, with the shards spread
 * over every member from the first message on. It asks the sharding coordinator every
 * {@code bgctl.cluster.members-poll}.
 */
public final class MembersHosting {

    /** Enough members host agents. */
    public record Ready(int members) {
    }

    /** What it hears while the cluster forms. */
    public interface Event {
    }

    private record Up() implements Event {
    }

    private record Poll() implements Event {
    }

    private record Hosting(int members) implements Event {
    }

    private MembersHosting() {
    }

    public static Behavior<Event> create(int members, ActorRef<Ready> replyTo) {
        return Behaviors.setup(ctx -> {
            Duration poll = ctx.getSystem().settings().config().getDuration("bgctl.cluster.members-poll");
            ActorRef<ClusterShardingQuery> shards = ClusterSharding.get(ctx.getSystem()).shardState();
            Cluster.get(ctx.getSystem()).subscriptions().tell(Subscribe.create(
                    ctx.messageAdapter(SelfUp.class, up -> new Up()), SelfUp.class));
            return Behaviors.withTimers(timers -> Behaviors.receive(Event.class)
                    .onMessage(Up.class, up -> {
                        ctx.getSelf().tell(new Poll());
                        return Behaviors.same();
                    })
                    .onMessage(Poll.class, p -> {
                        ctx.ask(ClusterShardingStats.class, shards, poll.multipliedBy(5),
                                asked -> new GetClusterShardingStats(UnitSharding.UNIT, poll.multipliedBy(5), asked),
                                (stats, failure) -> new Hosting(stats == null ? 0 : stats.getRegions().size()));
                        return Behaviors.same();
                    })
                    .onMessage(Hosting.class, hosting -> {
                        if (hosting.members() < members) {
                            timers.startSingleTimer(new Poll(), poll);
                            return Behaviors.same();
                        }
                        replyTo.tell(new Ready(hosting.members()));
                        return Behaviors.stopped();
                    })
                    .build());
        });
    }
}

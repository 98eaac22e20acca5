package org.bgctl.cluster;

import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.DispatcherSelector;
import akka.actor.typed.Terminated;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.ClusterEvent;
import akka.cluster.typed.Cluster;
import akka.cluster.typed.ClusterSingleton;
import akka.cluster.typed.ClusterSingletonSettings;
import akka.cluster.typed.SingletonActor;
import akka.cluster.typed.Subscribe;
import com.fasterxml.jackson.annotation.JsonCreator;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import org.bgctl.run.ActorReplay;
import org.bgctl.run.StoppedMidRun;
import org.bgctl.scheduler.SchedulerActor;

/**
 * The scheduler as a Cluster Singleton, kept on the member with the {@value #DRIVER_ROLE} role (the one
 * that feeds the trace and writes the outputs). Around the event-sourced scheduler it watches the
 * cluster: when a member is removed, its agents start afresh on the survivors, so after
 * {@code bgctl.cluster.resync-after} the scheduler re-adopts every running job on its agents
 * ({@link SchedulerActor.Resync}) — on a live server. A replay in virtual time stops instead, unless the member
 * joined after the run's agents were placed and so hosted none (a second driver, refused): the messages
 * in flight to the lost agents are gone and the transactions that waited for them time out, so it could no
 * longer give the schedule of one JVM, and it fails rather than report another one ({@link StoppedMidRun}: what it
 * journaled is kept, and a resume continues it). If the scheduler stops, the run fails.
 */
public final class ClusterScheduler {

    /** The role of the member that drives a replay and hosts the scheduler. */
    public static final String DRIVER_ROLE = "driver";

    private static final Object RESYNC = "resync";

    /** A member left the cluster for good. */
    /** Member {@code address} was removed from the cluster, or began to leave it ({@code left}). */
    private record MemberLost(String address, boolean left) implements SchedulerActor.Command {

        @JsonCreator
        private MemberLost {
        }
    }

    private ClusterScheduler() {
    }

    /**
     * Starts the singleton (on the driver) and returns the proxy that reaches it from anywhere.
     *
     * @param failed      completed exceptionally if the scheduler stops, or a member is lost in virtual time
     * @param virtualTime whether the run is a replay in virtual time, which a lost member stops
     * @param placed      the members that can host the run's agents, set when its clock starts; a member outside
     *                    them hosts none, and its loss does not stop a replay (until it is set, every loss does)
     */
    public static ActorRef<SchedulerActor.Command> start(ActorSystem<?> system, Behavior<SchedulerActor.Command> scheduler,
                                                         CompletableFuture<?> failed, boolean virtualTime,
                                                         AtomicReference<Set<String>> placed) {
        Duration resyncAfter = system.settings().config().getDuration("bgctl.cluster.resync-after");
        SingletonActor<SchedulerActor.Command> singleton = SingletonActor.of(
                        watching(scheduler, resyncAfter, failed, virtualTime, placed), "scheduler")
                .withSettings(ClusterSingletonSettings.create(system).withRole(DRIVER_ROLE));
        return ClusterSingleton.get(system).init(singleton);
    }

    private static Behavior<SchedulerActor.Command> watching(Behavior<SchedulerActor.Command> scheduler,
                                                             Duration resyncAfter, CompletableFuture<?> failed,
                                                             boolean virtualTime,
                                                             AtomicReference<Set<String>> placed) {
        return Behaviors.setup(ctx -> Behaviors.withTimers(timers -> {
            ActorRef<SchedulerActor.Command> core = ctx.spawn(scheduler, "core",
                    DispatcherSelector.fromConfig(ActorReplay.VIRTUAL_TIME_DISPATCHER));
            ctx.watch(core);
            Cluster cluster = Cluster.get(ctx.getSystem());
            String self = cluster.selfMember().address().toString();
            Set<String> heard = new HashSet<>();
            ActorRef<ClusterEvent.MemberRemoved> removals = ctx.messageAdapter(ClusterEvent.MemberRemoved.class,
                    removed -> new MemberLost(removed.member().address().toString(), false));
            cluster.subscriptions().tell(Subscribe.create(removals, ClusterEvent.MemberRemoved.class));
            if (virtualTime) {
                // a member stopped by a signal leaves at once and hands its agents over as it goes, before it is
                // removed: the replay stops when it begins to leave
                ActorRef<ClusterEvent.MemberLeft> leaving = ctx.messageAdapter(ClusterEvent.MemberLeft.class,
                        left -> new MemberLost(left.member().address().toString(), true));
                cluster.subscriptions().tell(Subscribe.create(leaving, ClusterEvent.MemberLeft.class));
            }
            return Behaviors.receive(SchedulerActor.Command.class)
                    .onMessage(MemberLost.class, lost -> {
                        // this driver leaving, interrupted: its own run says how it ended; in virtual time a member
                        // that left is heard of once more, removed
                        if (lost.address().equals(self)) return Behaviors.same();
                        if (virtualTime && !heard.add(lost.address())) return Behaviors.same();
                        Set<String> hosts = placed.get();
                        if (virtualTime && hosts != null && !hosts.contains(lost.address())) {
                            ctx.getLog().info("member {} left; it joined after the agents were placed and hosted none"
                                    + " of them: the replay goes on", lost.address());
                            return Behaviors.same();
                        }
                        if (virtualTime) {
                            String line = "member " + lost.address() + (lost.left() ? " left" : " was lost")
                                    + " mid-run: its agents restart empty on"
                                    + " the other members and the messages in flight to them are lost, so this replay"
                                    + " could no longer give the schedule of one JVM; stopped";
                            // the driver ends with this line: not logged as well
                            failed.completeExceptionally(new StoppedMidRun(line));
                            return Behaviors.same();
                        }
                        ctx.getLog().warn("member {} removed; its agents restart on the other members and are"
                                + " re-synchronised in {}", lost.address(), resyncAfter);
                        timers.startSingleTimer(RESYNC, new SchedulerActor.Resync(), resyncAfter);
                        return Behaviors.same();
                    })
                    .onMessage(SchedulerActor.Resync.class, resync -> {
                        ctx.getLog().warn("re-synchronising the agents with the journal");
                        core.tell(resync);
                        return Behaviors.same();
                    })
                    .onMessage(SchedulerActor.Command.class, command -> {
                        core.tell(command);
                        return Behaviors.same();
                    })
                    .onSignal(Terminated.class, t -> {
                        failed.completeExceptionally(new IllegalStateException(
                                "the scheduler stopped before the run ended; see the log for the cause"));
                        return Behaviors.stopped();
                    })
                    .build();
        }));
    }
}

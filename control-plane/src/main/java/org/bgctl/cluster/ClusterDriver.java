package org.bgctl.cluster;

import akka.Done;
import akka.actor.Address;
import akka.actor.CoordinatedShutdown;
import akka.actor.typed.ActorRef;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.ActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.cluster.Member;
import akka.cluster.typed.Cluster;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.bgctl.machine.MachineModel;
import org.bgctl.run.StoppedMidRun;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.UnitDirectory;

/**
 * Where the agents and the scheduler of a driver live in a bgctl cluster, for a replay
 * ({@link ClusterReplay}) and a live server alike: the agents as Cluster Sharding entities
 * ({@link UnitSharding}), the scheduler as a Cluster Singleton on the {@value ClusterScheduler#DRIVER_ROLE}
 * member ({@link ClusterScheduler}). The scheduler starts once {@code members} members host agents
 * ({@link MembersHosting}), so that the shards are spread over all of them from the first job on, and the clock once
 * the agent of every unit has started ({@link UnitSharding#startAll}), so that no transaction waits for a shard's
 * home; a member given another machine stops the run before ({@link MemberMachine}). A message any member could not
 * serialize or deserialize fails the run ({@link LostMessages}).
 */
public final class ClusterDriver {

    /** Every agent answered (or {@code failure} says why not), {@code scheduler} waiting for the clock. */
    private record AgentsStarted(Integer agents, Throwable failure, ActorRef<SchedulerActor.Command> scheduler) {
    }

    private ClusterDriver() {
    }

    /**
     * The driver, to spawn on the member with the driver role.
     *
     * @param scheduler the scheduler over the directory of the sharded agents
     * @param failed    completed exceptionally if the agents do not all start or the scheduler stops
     * @param clock     starts the clock (in the driver's context) over the scheduler, once the agents are up
     * @param virtualTime whether the clock is virtual time (a replay), which a lost member stops
     *                    ({@link ClusterScheduler})
     */
    public static Behavior<Object> create(int members, MachineModel machine,
                                          Function<UnitDirectory, Behavior<SchedulerActor.Command>> scheduler,
                                          CompletableFuture<?> failed,
                                          BiConsumer<ActorContext<?>, ActorRef<SchedulerActor.Command>> clock,
                                          boolean virtualTime) {
        return Behaviors.setup(ctx -> {
            ctx.spawn(LostMessages.stopper(failed), "lost-messages-stopper");
            sayWhenDowned(ctx, failed);
            ctx.spawn(LostMessages.reporter(), "lost-messages");
            UnitDirectory units = UnitSharding.start(ctx.getSystem(), machine);
            AtomicReference<Set<String>> placed = new AtomicReference<>();
            ctx.spawn(MembersHosting.create(members, ctx.getSelf().narrow()), "members");
            Duration agentsTimeout = ctx.getSystem().settings().config()
                    .getDuration("bgctl.cluster.agents-start-timeout");
            return Behaviors.receive(Object.class)
                    .onMessage(MembersHosting.Ready.class, ready -> {
                        String other = otherDriver(ctx.getSystem());
                        if (other != null) {
                            failed.completeExceptionally(new IllegalStateException("another driver, " + other
                                    + ", runs on this cluster: one replay or server at a time; start this one once it"
                                    + " has ended"));
                            return Behaviors.stopped();
                        }
                        Optional<String> otherMachine = MemberMachine.otherMachine(machine,
                                Cluster.get(ctx.getSystem()).state().getMembers());
                        if (otherMachine.isPresent()) {
                            failed.completeExceptionally(new IllegalArgumentException(otherMachine.get()));
                            return Behaviors.stopped();
                        }
                        ctx.getLog().info("{} members host agents; starting the agents of {} units", ready.members(),
                                machine.units().size());
                        // the scheduler starts every agent anew as it starts (NewRun): only now, so that the shards
                        // find their homes over every member, not on those up before it (this driver alone, when it
                        // is the first seed)
                        ActorRef<SchedulerActor.Command> singleton = ClusterScheduler.start(ctx.getSystem(),
                                scheduler.apply(units), failed, virtualTime, placed);
                        ctx.pipeToSelf(UnitSharding.startAll(ctx.getSystem(), machine, units, agentsTimeout),
                                (agents, failure) -> new AgentsStarted(agents, failure, singleton));
                        return Behaviors.same();
                    })
                    .onMessage(AgentsStarted.class, started -> {
                        if (started.failure() != null) {
                            // the members up when the driver began were checked to be of this machine (MemberMachine)
                            failed.completeExceptionally(new IllegalStateException("the agents of " + machine.name()
                                    + " did not all start within " + agentsTimeout.toSeconds() + " s: is a member"
                                    + " overloaded or unreachable, or one that joined later given another --machine?",
                                    started.failure()));
                            return Behaviors.stopped();
                        }
                        placed.set(members(ctx.getSystem()));
                        ctx.getLog().info("{} agents started: the clock starts", started.agents());
                        clock.accept(ctx, started.scheduler());
                        return Behaviors.ignore();
                    })
                    .build();
        });
    }

    /**
     * Fails the run with why when the cluster downs this driver (the Split Brain Resolver, keep-majority, keeps the
     * other side: the larger, or on a tie the one with the lowest address): before its shutdown stops the clock, which
     * would say only that it was stopped.
     */
    private static void sayWhenDowned(ActorContext<?> ctx, CompletableFuture<?> failed) {
        Downing downing = Downing.watch(ctx);
        ActorSystem<?> system = ctx.getSystem();
        CoordinatedShutdown.get(system).addTask(CoordinatedShutdown.PhaseBeforeServiceUnbind(), "bgctl-driver-downed",
                () -> {
                    // stopped mid-run as by a member lost: a durable replay keeps what it journaled for a resume
                    if (Downing.downed(system)) failed.completeExceptionally(new StoppedMidRun(downing.why("driver")));
                    return CompletableFuture.completedFuture(Done.getInstance());
                });
    }

    /**
     * The addresses of the cluster's members. Taken once every agent has answered, they are all the members that can
     * host an agent of the run: every shard has its home by then, and shards are never rebalanced, so a member that
     * joins later (a second driver, refused) hosts none.
     */
    private static Set<String> members(ActorSystem<?> system) {
        Set<String> members = new TreeSet<>();
        for (Member m : Cluster.get(system).state().getMembers()) members.add(m.address().toString());
        return members;
    }

    /**
     * The address of another member with the {@value ClusterScheduler#DRIVER_ROLE} role, or null. The scheduler is one
     * singleton for the cluster: a second driver's clock would drive the first driver's scheduler (which then stopped
     * with an exception) and its own run would have none.
     */
    private static String otherDriver(ActorSystem<?> system) {
        Address self = system.address();
        for (Member m : Cluster.get(system).state().getMembers())
            if (m.hasRole(ClusterScheduler.DRIVER_ROLE) && !m.address().equals(self)) return m.address().toString();
        return null;
    }
}

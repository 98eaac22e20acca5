package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.Behavior;
import akka.actor.typed.BehaviorInterceptor;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.actor.typed.javadsl.AskPattern;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.sharding.typed.javadsl.Entity;
import akka.cluster.sharding.typed.javadsl.EntityRef;
import akka.cluster.sharding.typed.javadsl.EntityTypeKey;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.UnitDirectory;

/**
 * The agents of a machine's units (midplanes, switches, node sets) as Cluster Sharding entities:
 * the entity id is the unit id, and the cluster decides which member holds each agent.
 */
public final class UnitSharding {

    /** The entity type of every unit agent. */
    public static final EntityTypeKey<UnitProtocol.Command> UNIT =
            EntityTypeKey.create(UnitProtocol.Command.class, "unit");

    private UnitSharding() {
    }

    /** Between a unit's id and its machine's name in an entity id. */
    private static final char MACHINE_SEPARATOR = '|';

    /**
     * Lets this member hold agents of {@code machine} (every member must be given the same machine)
     * and returns the directory that finds any agent, wherever it lives.
     */
    public static UnitDirectory start(ActorSystem<?> system, MachineModel machine) {
        ClusterSharding sharding = ClusterSharding.get(system);
        sharding.init(Entity.of(UNIT, entity -> agent(machine, entity.getEntityId())));
        return directory(system, machine);
    }

    /** The directory of the agents of {@code machine} of a member where {@link #start} ran. */
    public static UnitDirectory directory(ActorSystem<?> system, MachineModel machine) {
        ClusterSharding sharding = ClusterSharding.get(system);
        Map<String, EntityRef<UnitProtocol.Command>> refs = new ConcurrentHashMap<>();
        return unit -> refs.computeIfAbsent(unit, u -> sharding.entityRefFor(UNIT, entityId(machine, u)));
    }

    /**
     * The entity id of {@code unit}: the unit id and the name of the machine the driver runs, so that a member
     * given another {@code --machine} (units of the same ids but other nodes, say {@code supernode} and
     * {@code supernode:4x4x8/1}) does not host an agent of its own machine in their place.
     */
    static String entityId(MachineModel machine, String unit) {
        return unit + MACHINE_SEPARATOR + machine.name();
    }

    /**
     * The agent of entity {@code entityId} on a member hosting {@code machine}; when the entity is a unit of
     * another machine, one that logs the mismatch and answers nothing (a driver refuses such a member before it
     * starts its agents, {@link MemberMachine}; its scheduler's {@code NewRun} still reaches them) instead of the run
     * going on with agents of another machine, and that stops when Cluster Sharding hands its shard off.
     */
    static Behavior<UnitProtocol.Command> agent(MachineModel machine, String entityId) {
        int at = entityId.indexOf(MACHINE_SEPARATOR);
        String unit = at < 0 ? entityId : entityId.substring(0, at);
        String wanted = at < 0 ? machine.name() : entityId.substring(at + 1);
        if (wanted.equals(machine.name()))
            return Behaviors.intercept(() -> new RenewedByNewRun(machine, unit), UnitAgents.forUnit(machine, unit));
        return Behaviors.setup(ctx -> {
            ctx.getLog().error("member {} hosts agents of {}, but the driver runs {} (unit {}): give every member"
                    + " --machine {}", ctx.getSystem().address(), machine.name(), wanted, unit, wanted);
            // every message ignored, but not the signals: Behaviors.ignore() also swallowed the hand-off's PoisonPill
            return Behaviors.receiveMessage(command -> Behaviors.same());
        });
    }

    /**
     * Starts the agent anew — nothing held, nothing down, no answers kept — at each {@link UnitProtocol.NewRun}. A
     * sharded agent outlives the driver that used it: one stopped mid-run (killed, or a member lost) left it holding
     * that run's jobs, and a fault file its components down, which the next replay on the same members then found
     * taken and down. The scheduler that sends {@code NewRun} (fresh or recovered) then tells the agent what it holds
     * in that run ({@code Adopt}, {@code SetHealth}), as it tells a fresh agent in one JVM.
     */
    private static final class RenewedByNewRun
            extends BehaviorInterceptor<UnitProtocol.Command, UnitProtocol.Command> {

        private final MachineModel machine;
        private final String unit;

        RenewedByNewRun(MachineModel machine, String unit) {
            super(UnitProtocol.Command.class);
            this.machine = machine;
            this.unit = unit;
        }

        @Override
        public Behavior<UnitProtocol.Command> aroundReceive(TypedActorContext<UnitProtocol.Command> ctx,
                                                            UnitProtocol.Command command,
                                                            ReceiveTarget<UnitProtocol.Command> target) {
            if (command instanceof UnitProtocol.NewRun) return UnitAgents.forUnit(machine, unit);
            return target.apply(ctx, command);
        }
    }

    /**
     * Starts the agent of every unit of {@code machine} wherever the cluster puts it, by asking each
     * for its occupancy; completes with the number of agents once all have answered, or fails after
     * {@code timeout} (a member given another machine never answers for the units it lacks). Done
     * before virtual time starts, so no transaction waits for a shard to find its home.
     */
    public static CompletionStage<Integer> startAll(ActorSystem<?> system, MachineModel machine, UnitDirectory units,
                                                    Duration timeout) {
        List<CompletableFuture<UnitProtocol.Occupancy>> answers = new ArrayList<>();
        for (String unit : machine.units())
            answers.add(AskPattern.<UnitProtocol.Command, UnitProtocol.Occupancy>ask(units.ref(unit),
                    UnitProtocol.GetOccupancy::new, timeout, system.scheduler()).toCompletableFuture());
        return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).thenApply(done -> answers.size());
    }
}

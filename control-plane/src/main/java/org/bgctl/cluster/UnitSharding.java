package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;
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

    /**
     * Lets this member hold agents of {@code machine} (every member must be given the same machine)
     * and returns the directory that finds any agent, wherever it lives.
     */
    public static UnitDirectory start(ActorSystem<?> system, MachineModel machine) {
        ClusterSharding sharding = ClusterSharding.get(system);
        sharding.init(Entity.of(UNIT, entity -> UnitAgents.forUnit(machine, entity.getEntityId())));
        return directory(system);
    }

    /** The directory of the agents of a member where {@link #start} ran. */
    public static UnitDirectory directory(ActorSystem<?> system) {
        ClusterSharding sharding = ClusterSharding.get(system);
        Map<String, EntityRef<UnitProtocol.Command>> refs = new ConcurrentHashMap<>();
        return unit -> refs.computeIfAbsent(unit, u -> sharding.entityRefFor(UNIT, u));
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

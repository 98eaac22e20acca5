package org.bgctl.cluster;

import akka.actor.typed.ActorSystem;
import akka.cluster.sharding.typed.javadsl.ClusterSharding;
import akka.cluster.sharding.typed.javadsl.Entity;
import akka.cluster.sharding.typed.javadsl.EntityRef;
import akka.cluster.sharding.typed.javadsl.EntityTypeKey;
import java.util.Map;
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
        Map<String, EntityRef<UnitProtocol.Command>> refs = new ConcurrentHashMap<>();
        return unit -> refs.computeIfAbsent(unit, u -> sharding.entityRefFor(UNIT, u));
    }
}

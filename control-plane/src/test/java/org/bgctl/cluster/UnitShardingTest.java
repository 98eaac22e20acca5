package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.internal.PoisonPill$;
import akka.actor.typed.internal.PoisonPillInterceptor;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.List;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A sharded agent outlives its driver, and starts anew when the next run of a scheduler begins. And a member given
 * another {@code --machine} than the driver's, with units of the same ids ({@code supernode} and
 * {@code supernode:4x4x8/1}), hosts no agent of its own machine in their place: its agents of 512 nodes refused
 * every job of one supernode, and the run ended 0 with every job never started.
 */
class UnitShardingTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    @Test
    void aMemberOfAnotherMachineAnswersNothingForTheDriversUnits() {
        MachineModel driver = MachineCatalog.create("supernode:4x4x8/1");
        MachineModel member = MachineCatalog.create("supernode");
        TestProbe<UnitProtocol.Occupancy> probe = KIT.createTestProbe();

        ActorRef<UnitProtocol.Command> same = KIT.spawn(UnitSharding.agent(driver,
                UnitSharding.entityId(driver, "sn-0.0.0")));
        same.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        assertEquals("sn-0.0.0", probe.receiveMessage().unit());

        ActorRef<UnitProtocol.Command> other = KIT.spawn(UnitSharding.agent(member,
                UnitSharding.entityId(driver, "sn-0.0.0")));
        other.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        probe.expectNoMessage(Duration.ofMillis(300));
    }

    /**
     * Such an agent still stops at Cluster Sharding's hand-off message (PoisonPill): it ignored it too, so a member
     * stopped with SIGTERM after a driver of another machine waited 5 s per shard for its agents, warning of each
     * ("[1] of the entities in shard [624] not stopped after [5 seconds]").
     */
    @Test
    void aMemberOfAnotherMachineStopsItsAgentAtHandOff() {
        MachineModel driver = MachineCatalog.create("supernode:4x4x8/1");
        // as Cluster Sharding runs an entity that has no stop message of its own
        ActorRef<UnitProtocol.Command> other = KIT.spawn(Behaviors.intercept(PoisonPillInterceptor::new,
                UnitSharding.agent(MachineCatalog.create("supernode"), UnitSharding.entityId(driver, "sn-0.0.0"))));
        TestProbe<Object> probe = KIT.createTestProbe();
        other.unsafeUpcast().tell(PoisonPill$.MODULE$);
        probe.expectTerminated(other, Duration.ofSeconds(3));
    }

    /**
     * A driver killed mid-run left its jobs on the agents of the surviving members (a fault file, its components
     * down), and the next replay on those members refused its allocations and failed the agent audit.
     */
    @Test
    void aNewRunStartsTheAgentEmpty() {
        MachineModel bgl = MachineCatalog.create("bgl");
        TestProbe<UnitProtocol.Occupancy> probe = KIT.createTestProbe();
        ActorRef<UnitProtocol.Command> agent = KIT.spawn(UnitSharding.agent(bgl, UnitSharding.entityId(bgl, "mp-R000")));
        NodeClaim whole = new NodeClaim("mp-R000", 512, List.of(), false);
        agent.tell(new UnitProtocol.Adopt(677, whole));
        agent.tell(new UnitProtocol.SetHealth("mp-R000", whole, false));
        agent.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        UnitProtocol.Occupancy before = probe.receiveMessage();
        assertEquals(List.of(677L), List.copyOf(before.running().keySet()));
        assertEquals(List.of("mp-R000"), List.copyOf(before.down()));

        agent.tell(new UnitProtocol.NewRun());
        agent.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        UnitProtocol.Occupancy after = probe.receiveMessage();
        assertTrue(after.running().isEmpty() && after.reserved().isEmpty() && after.down().isEmpty()
                && after.suspended().isEmpty(), after.toString());

        agent.tell(new UnitProtocol.Adopt(5, whole));
        agent.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        assertEquals(List.of(5L), List.copyOf(probe.receiveMessage().running().keySet()));
    }
}

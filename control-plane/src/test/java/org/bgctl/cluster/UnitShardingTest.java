package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.time.Duration;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A member given another {@code --machine} than the driver's, with units of the same ids ({@code supernode} and
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
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.bgl.SwitchModel;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class SwitchAgentTest {
    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final String UNIT = "sw-x-R100";
    private static final String CABLE = "cable-x-R100-p4";
    private static final PortClaim MIDPLANE_PORTS = new PortClaim(UNIT, 0b000011);
    private static final PortClaim PORT_4 = new PortClaim(UNIT, 0b010000);
    private static final PortClaim ALL = new PortClaim(UNIT, 0b111111);

    private final AgentProbe probe = new AgentProbe(KIT, KIT.spawn(SwitchAgent.create(UNIT)));
    private final ActorRef<Command> sw = probe.agent;
    private final TestProbe<ReserveReply> scheduler = probe.scheduler;

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void aWholeSwitchServesOnePartitionAtATimeEvenOnOtherPorts() {
        AgentProbe probe = new AgentProbe(KIT, KIT.spawn(SwitchAgent.create(UNIT, SwitchModel.WHOLE)));
        ActorRef<Command> sw = probe.agent;
        assertEquals(new Reserved(UNIT, 1), probe.reserve(1, 10, MIDPLANE_PORTS));
        sw.tell(Steps.commit(KIT, 1));
        assertEquals(new Refused(UNIT, 2, "serves job 10"), probe.reserve(2, 20, PORT_4));
        assertEquals(Map.of(10L, MIDPLANE_PORTS), probe.occupancy().running());
        sw.tell(Steps.release(KIT, 10));
        assertEquals(new Reserved(UNIT, 3), probe.reserve(3, 30, PORT_4));
        sw.tell(Steps.abort(KIT, 3));
        assertTrue(probe.occupancy().reserved().isEmpty());
    }

    @Test
    void aSwitchServesPartitionsOnDisjointPortsAndRefusesAPortHeldByAnother() {
        PortClaim passThrough = new PortClaim(UNIT, 0b001100);
        assertEquals(new Reserved(UNIT, 1), probe.reserve(1, 10, MIDPLANE_PORTS));
        sw.tell(Steps.commit(KIT, 1));
        assertEquals(new Reserved(UNIT, 2), probe.reserve(2, 20, passThrough));
        assertEquals(new Refused(UNIT, 3, "reserved by transaction 2 of job 20"), probe.reserve(3, 30, new PortClaim(UNIT, 0b010100)));
        sw.tell(Steps.commit(KIT, 2));
        assertEquals(new Refused(UNIT, 4, "serves job 10"), probe.reserve(4, 40, new PortClaim(UNIT, 0b010001)));
        assertEquals(Map.of(10L, MIDPLANE_PORTS, 20L, passThrough), probe.occupancy().running());
        sw.tell(Steps.release(KIT, 10));
        assertEquals(Map.of(20L, passThrough), probe.occupancy().running());
        assertEquals(new Reserved(UNIT, 5), probe.reserve(5, 50, new PortClaim(UNIT, 0b010011)));
        sw.tell(Steps.abort(KIT, 5));
        assertTrue(probe.occupancy().reserved().isEmpty());
        assertEquals(Map.of(20L, passThrough), probe.occupancy().running());
    }

    @Test
    void aPortGoingDownIsReportedOnlyToItsHolder() {
        probe.reserve(1, 10, MIDPLANE_PORTS);
        sw.tell(Steps.commit(KIT, 1));
        probe.reserve(2, 20, new PortClaim(UNIT, 0b110000));
        sw.tell(Steps.commit(KIT, 2));
        sw.tell(new SetHealth(CABLE, PORT_4, false));
        assertEquals(new HoldLost(UNIT, 2, CABLE + " went down", List.of(CABLE)), scheduler.receiveMessage());
        scheduler.expectNoMessage();
    }

    @Test
    void aDownCableTakesOnlyItsPort() {
        sw.tell(new SetHealth(CABLE, PORT_4, false));
        assertEquals(new Refused(UNIT, 1, "down: " + CABLE, List.of(CABLE)), probe.reserve(1, 10, new PortClaim(UNIT, 0b010011)));
        assertEquals(new Reserved(UNIT, 2), probe.reserve(2, 20, MIDPLANE_PORTS));
        assertEquals(Set.of(CABLE), probe.occupancy().down());
    }

    @Test
    void aPortStaysDownWhileAnyOfItsCausesIs() {
        sw.tell(new SetHealth(CABLE, PORT_4, false));
        sw.tell(new SetHealth(UNIT, ALL, false));
        assertEquals(List.of(CABLE, UNIT), ((Refused) probe.reserve(1, 10, PORT_4)).down());
        sw.tell(new SetHealth(UNIT, ALL, true));
        assertEquals(List.of(CABLE), ((Refused) probe.reserve(2, 10, PORT_4)).down());
        assertEquals(new Reserved(UNIT, 3), probe.reserve(3, 10, MIDPLANE_PORTS));
    }

    @Test
    void aCableFailingUnderAJobIsReportedOnceToTheHolder() {
        probe.reserve(1, 10, new PortClaim(UNIT, 0b010011));
        sw.tell(Steps.commit(KIT, 1));
        sw.tell(new SetHealth(CABLE, PORT_4, false));
        assertEquals(new HoldLost(UNIT, 1, CABLE + " went down", List.of(CABLE)), scheduler.receiveMessage());
        sw.tell(new SetHealth(CABLE, PORT_4, false));
        sw.tell(new SetHealth("cable-x-R100-p2", new PortClaim(UNIT, 0b000100), false));
        scheduler.expectNoMessage();
        assertEquals(Map.of(10L, new PortClaim(UNIT, 0b010011)), probe.occupancy().running());
    }

    @Test
    void malformedClaimsAreRefused() {
        assertEquals("no such ports: mask 1000000", ((Refused) probe.reserve(1, 10, new PortClaim(UNIT, 1 << 6))).reason());
        assertTrue(((Refused) probe.reserve(2, 10, new PortClaim("sw-y-R100", 1))).reason().startsWith("a switch holds its own ports"));
    }
}

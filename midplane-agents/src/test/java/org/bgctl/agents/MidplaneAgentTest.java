package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.HoldLost;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

class MidplaneAgentTest {
    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final String UNIT = "mp-R010";
    private static final NodeClaim WHOLE = new NodeClaim(UNIT, 512);

    private final AgentProbe probe = new AgentProbe(KIT, KIT.spawn(MidplaneAgent.create(UNIT, 512)));
    private final ActorRef<Command> midplane = probe.agent;
    private final TestProbe<ReserveReply> scheduler = probe.scheduler;

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @Test
    void oneTransactionAtATimeThenOneJob() {
        assertEquals(new Reserved(UNIT, 1), probe.reserve(1, 10, WHOLE));
        assertEquals(new Refused(UNIT, 2, "reserved by transaction 1 of job 10"), probe.reserve(2, 20, WHOLE));
        midplane.tell(Steps.commit(KIT, 1));
        assertEquals(new Refused(UNIT, 3, "serves job 10"), probe.reserve(3, 30, WHOLE));
        assertEquals(Map.of(10L, WHOLE), probe.occupancy().running());
        midplane.tell(Steps.release(KIT, 10));
        assertEquals(new Reserved(UNIT, 4), probe.reserve(4, 40, WHOLE));
    }

    @Test
    void anAbortFreesWhatTheTransactionReserved() {
        probe.reserve(1, 10, WHOLE);
        assertEquals(Map.of(1L, WHOLE), probe.occupancy().reserved());
        midplane.tell(Steps.abort(KIT, 1));
        assertTrue(probe.occupancy().reserved().isEmpty());
        assertEquals(new Reserved(UNIT, 2), probe.reserve(2, 20, WHOLE));
    }

    @Test
    void aMidplaneIsAllocatedWhole() {
        ReserveReply reply = probe.reserve(1, 10, new NodeClaim(UNIT, 256));
        assertEquals("a midplane is allocated whole: 256 of its 512 nodes asked", ((Refused) reply).reason());
        assertTrue(probe.reserve(2, 10, new NodeClaim("mp-R000", 512)) instanceof Refused);
    }

    @Test
    void aDownMidplaneRefusesAndNamesItselfUntilRepaired() {
        midplane.tell(new SetHealth(UNIT, WHOLE, false));
        assertEquals(new Refused(UNIT, 1, "down: " + UNIT, List.of(UNIT)), probe.reserve(1, 10, WHOLE));
        assertEquals(Set.of(UNIT), probe.occupancy().down());
        midplane.tell(new SetHealth(UNIT, WHOLE, true));
        assertEquals(new Reserved(UNIT, 2), probe.reserve(2, 20, WHOLE));
    }

    @Test
    void aFailureUnderAReservationIsReportedToItsHolderAndAnAbortStillFreesIt() {
        probe.reserve(1, 10, WHOLE);
        midplane.tell(new SetHealth(UNIT, WHOLE, false));
        assertEquals(new HoldLost(UNIT, 1, UNIT + " went down", List.of(UNIT)), scheduler.receiveMessage());
        midplane.tell(Steps.abort(KIT, 1));
        Occupancy o = probe.occupancy();
        assertTrue(o.reserved().isEmpty() && o.running().isEmpty());
        assertEquals(Set.of(UNIT), o.down());
    }

    @Test
    void anAdoptedJobHoldsTheMidplane() {
        midplane.tell(new Adopt(7, WHOLE));
        assertEquals(new Refused(UNIT, 1, "serves job 7"), probe.reserve(1, 10, WHOLE));
        midplane.tell(Steps.release(KIT, 7));
        assertEquals(new Reserved(UNIT, 2), probe.reserve(2, 20, WHOLE));
    }
}

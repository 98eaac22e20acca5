package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.List;
import java.util.Map;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.buddy.BuddyMachine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A node-set agent with a buddy line holds exactly the nodes its claims name. */
class NodeSetAgentPositionsTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private static NodeClaim run(int first, int length) {
        return new NodeClaim("ns-0", length, List.of(Block.run(first, length)), false);
    }

    private static ActorRef<UnitProtocol.Command> agent() {
        return KIT.spawn(UnitAgents.forUnit(new BuddyMachine(8), "ns-0"));
    }

    private static ReserveReply reserve(ActorRef<UnitProtocol.Command> agent, long tx, long job, NodeClaim claim) {
        TestProbe<ReserveReply> probe = KIT.createTestProbe();
        agent.tell(new UnitProtocol.Reserve(tx, job, claim, probe.getRef()));
        return probe.receiveMessage();
    }

    private static NodeCounts occupancy(ActorRef<UnitProtocol.Command> agent) {
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agent.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        return NodeCounts.of(probe.receiveMessage(), 8);
    }

    @Test
    void aClaimOnAHeldNodeIsRefusedEvenWhenEnoughNodesAreFree() {
        var agent = agent();
        assertInstanceOf(Reserved.class, reserve(agent, 1, 10, run(0, 4)));
        agent.tell(Steps.commit(KIT, 1));
        Refused refused = assertInstanceOf(Refused.class, reserve(agent, 2, 11, run(3, 2)));
        assertEquals("node 3 is held", refused.reason());
        assertInstanceOf(Reserved.class, reserve(agent, 3, 11, run(4, 2)));
    }

    @Test
    void aContiguousClaimMustBeABuddy() {
        var agent = agent();
        Refused refused = assertInstanceOf(Refused.class,
                reserve(agent, 1, 10, new NodeClaim("ns-0", 4, List.of(Block.run(2, 4)), true)));
        assertEquals("block 2-5 is not a buddy", refused.reason());
    }

    @Test
    void abortAndReleaseGiveTheNodesBack() {
        var agent = agent();
        reserve(agent, 1, 10, run(0, 8));
        agent.tell(Steps.abort(KIT, 1));
        assertInstanceOf(Reserved.class, reserve(agent, 2, 11, run(0, 8)));
        agent.tell(Steps.commit(KIT, 2));
        assertEquals(Map.of(11L, 8), occupancy(agent).running());
        agent.tell(Steps.release(KIT, 11));
        assertInstanceOf(Reserved.class, reserve(agent, 3, 12, run(0, 8)));
    }

    @Test
    void anAdoptedJobHoldsItsNodes() {
        var agent = agent();
        agent.tell(new UnitProtocol.Adopt(10, run(2, 2)));
        Refused refused = assertInstanceOf(Refused.class, reserve(agent, 1, 11, run(0, 4)));
        assertEquals("node 2 is held", refused.reason());
        assertEquals(6, occupancy(agent).free());
    }

    @Test
    void itsOccupancyNamesTheNodesEachJobHoldsAsTheClaimTheSchedulerMade() {
        // The agent audit compares these claims with the journal's: reported as bare counts, every job still running
        // at the end of a run (--until) on a buddy or Paragon machine was a disagreement, and the replay exited 1.
        var agent = agent();
        NodeClaim buddy = new NodeClaim("ns-0", 4, List.of(Block.run(4, 4)), true);
        reserve(agent, 1, 10, run(0, 2));
        agent.tell(Steps.commit(KIT, 1));
        reserve(agent, 2, 11, buddy);
        agent.tell(Steps.commit(KIT, 2));
        agent.tell(new UnitProtocol.Adopt(12, run(2, 1)));
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agent.tell(new UnitProtocol.GetOccupancy(probe.getRef()));
        assertEquals(Map.of(10L, run(0, 2), 11L, buddy, 12L, run(2, 1)), probe.receiveMessage().running());
    }
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepRefused;
import org.bgctl.agents.UnitProtocol.StepReply;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.flat.FlatMachine;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/** A node set of 10 nodes, {@code ns-0}, driven message by message. */
class NodeSetAgentTest {

    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final String UNIT = FlatMachine.NODE_SET;

    private final ActorRef<Command> agent = KIT.spawn(NodeSetAgent.create(UNIT, 10));
    private final TestProbe<ReserveReply> replies = KIT.createTestProbe();

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private ReserveReply reserve(long tx, long job, int nodes) {
        agent.tell(new Reserve(tx, job, new NodeClaim(UNIT, nodes), replies.getRef()));
        return replies.receiveMessage();
    }

    private NodeCounts occupancy() {
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agent.tell(new GetOccupancy(probe.getRef()));
        return NodeCounts.of(probe.receiveMessage(), 10);
    }

    private static SortedMap<Long, Integer> map(long key, int value) {
        return new TreeMap<>(Map.of(key, value));
    }

    @Test
    void aNodeThatGoesDownIsTakenFromTheFreeNodesUntilItIsUpAgain() {
        agent.tell(new UnitProtocol.SetHealth("node-3", new NodeClaim(UNIT, 1), false));
        agent.tell(new UnitProtocol.SetHealth("node-3", new NodeClaim(UNIT, 1), false));
        assertEquals("10 nodes asked, 9 free", assertRefused(reserve(1, 100, 10), 1).reason());
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agent.tell(new GetOccupancy(probe.getRef()));
        assertEquals(new TreeSet<>(Set.of("node-3")), probe.receiveMessage().down());
        agent.tell(new UnitProtocol.SetHealth("node-3", new NodeClaim(UNIT, 1), true));
        assertEquals(new Reserved(UNIT, 2), reserve(2, 100, 10));
    }

    @Test
    void aReservationWithinTheFreeNodesIsGranted() {
        assertEquals(new Reserved(UNIT, 1), reserve(1, 100, 10));
        assertEquals(new NodeCounts(UNIT, 10, 0, new TreeMap<>(), map(1, 10)), occupancy());
    }

    @Test
    void aReservationBeyondTheFreeNodesIsRefusedWithTheReason() {
        reserve(1, 100, 7);
        ReserveReply reply = reserve(2, 200, 4);
        Refused refused = assertRefused(reply, 2);
        assertEquals("4 nodes asked, 3 free", refused.reason());
        assertEquals(3, occupancy().free(), "a refusal holds nothing");
    }

    @Test
    void abortFreesWhatTheTransactionHeld() {
        reserve(1, 100, 8);
        agent.tell(Steps.abort(KIT, 1));
        assertEquals(new Reserved(UNIT, 2), reserve(2, 200, 10));
    }

    @Test
    void commitRunsTheJobAndReleaseFreesItsNodes() {
        reserve(1, 100, 6);
        agent.tell(Steps.commit(KIT, 1));
        assertEquals(new NodeCounts(UNIT, 10, 4, map(100, 6), new TreeMap<>()), occupancy());
        agent.tell(Steps.release(KIT, 100));
        assertEquals(new NodeCounts(UNIT, 10, 10, new TreeMap<>(), new TreeMap<>()), occupancy());
    }

    @Test
    void anAbortAfterCommitFreesNothing() {
        reserve(1, 100, 6);
        agent.tell(Steps.commit(KIT, 1));
        agent.tell(Steps.abort(KIT, 1));
        assertEquals(4, occupancy().free());
    }

    @Test
    void aRepeatedReservationIsAnsweredAsTheFirstAndHoldsNothingMore() {
        reserve(1, 100, 2);
        assertEquals(new Reserved(UNIT, 1), reserve(1, 100, 2));
        assertEquals(new NodeCounts(UNIT, 10, 8, new TreeMap<>(), map(1, 2)), occupancy());
    }

    @Test
    void aSecondReservationOfTheSameTransactionForAnotherJobIsRefused() {
        reserve(1, 100, 2);
        Refused refused = assertRefused(reserve(1, 101, 2), 1);
        assertTrue(refused.reason().contains("transaction 1"), refused.reason());
        assertEquals(new NodeCounts(UNIT, 10, 8, new TreeMap<>(), map(1, 2)), occupancy());
    }

    @Test
    void aJobThatAlreadyRunsHereCannotReserveAgain() {
        reserve(1, 100, 2);
        agent.tell(Steps.commit(KIT, 1));
        Refused refused = assertRefused(reserve(2, 100, 2), 2);
        assertTrue(refused.reason().contains("job 100"), refused.reason());
    }

    @Test
    void occupancyShowsRunningJobsAndOpenReservations() {
        reserve(1, 100, 3);
        reserve(2, 200, 2);
        agent.tell(Steps.commit(KIT, 2));
        assertEquals(new NodeCounts(UNIT, 10, 5, map(200, 2), map(1, 3)), occupancy());
    }

    @Test
    void adoptRecordsARunningJobOnceAndReleaseFreesIt() {
        agent.tell(new Adopt(7, new NodeClaim(UNIT, 4)));
        agent.tell(new Adopt(7, new NodeClaim(UNIT, 4)));
        assertEquals(new NodeCounts(UNIT, 10, 6, map(7, 4), new TreeMap<>()), occupancy());
        agent.tell(Steps.release(KIT, 7));
        assertEquals(10, occupancy().free());
    }

    @Test
    void adoptingAJobAgainOnAFullSetIsNoError() {
        agent.tell(new Adopt(7, new NodeClaim(UNIT, 10)));
        LoggingTestKit.error("cannot adopt").withOccurrences(0)
                .expect(KIT.system(), () -> {
                    agent.tell(new Adopt(7, new NodeClaim(UNIT, 10)));
                    return occupancy();
                });
        assertEquals(new NodeCounts(UNIT, 10, 0, map(7, 10), new TreeMap<>()), occupancy());
    }

    @Test
    void adoptBeyondTheFreeNodesIsIgnored() {
        reserve(1, 100, 8);
        LoggingTestKit.error("cannot adopt job 7 on 4 nodes, 2 free")
                .expect(KIT.system(), () -> {
                    agent.tell(new Adopt(7, new NodeClaim(UNIT, 4)));
                    return null;
                });
        assertEquals(new NodeCounts(UNIT, 10, 2, new TreeMap<>(), map(1, 8)), occupancy());
    }

    @Test
    void unknownCommitsAndReleasesAreRefusedWithAReasonAndChangeNothing() {
        reserve(1, 100, 3);
        TestProbe<StepReply> steps = KIT.createTestProbe();
        agent.tell(new UnitProtocol.Commit(99, steps.ref()));
        assertEquals(new StepRefused(UNIT, Step.COMMIT, 99, 0, "transaction 99 holds nothing here"), steps.receiveMessage());
        agent.tell(new UnitProtocol.Release(5, 99, steps.ref()));
        assertEquals(new StepRefused(UNIT, Step.RELEASE, 5, 99, "job 99 does not run here"), steps.receiveMessage());
        assertEquals(new NodeCounts(UNIT, 10, 7, new TreeMap<>(), map(1, 3)), occupancy());
    }

    @Test
    void unitAgentsKnowTheFlatNodeSetOnly() {
        FlatMachine machine = new FlatMachine(4);
        ActorRef<Command> ns = KIT.spawn(UnitAgents.forUnit(machine, FlatMachine.NODE_SET));
        TestProbe<ReserveReply> probe = KIT.createTestProbe();
        ns.tell(new Reserve(1, 100, new NodeClaim(FlatMachine.NODE_SET, 5), probe.getRef()));
        assertEquals("5 nodes asked, 4 free", assertRefused(probe.receiveMessage(), FlatMachine.NODE_SET, 1).reason());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> UnitAgents.forUnit(machine, "mp-R000"));
        assertTrue(e.getMessage().contains("mp-R000") && e.getMessage().contains("flat:4"), e.getMessage());
    }

    private static Refused assertRefused(ReserveReply reply, long tx) {
        return assertRefused(reply, UNIT, tx);
    }

    private static Refused assertRefused(ReserveReply reply, String unit, long tx) {
        assertTrue(reply instanceof Refused, "refused, not " + reply);
        Refused refused = (Refused) reply;
        assertEquals(unit, refused.unit());
        assertEquals(tx, refused.tx());
        return refused;
    }
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.List;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The node set's side of gang scheduling on 10 interchangeable nodes: a wide job shares the nodes of the jobs
 * suspended for it, a node never holds two suspended jobs, and the nodes come back when the jobs end.
 */
class NodeSetAgentGangTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    private ActorRef<UnitProtocol.Command> unit;
    private TestProbe<ReserveReply> reserves;
    private TestProbe<SuspendReply> suspends;

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @BeforeEach
    void tenNodes() {
        unit = KIT.spawn(NodeSetAgent.create("ns-0", 10));
        reserves = KIT.createTestProbe();
        suspends = KIT.createTestProbe();
    }

    private ReserveReply reserve(long tx, long job, int nodes) {
        unit.tell(new Reserve(tx, job, new NodeClaim("ns-0", nodes), reserves.ref()));
        return reserves.receiveMessage();
    }

    private void runs(long job, int nodes) {
        assertInstanceOf(Reserved.class, reserve(job, job, nodes));
        unit.tell(Steps.commit(KIT, job));
    }

    private SuspendReply suspend(long job, long wide, List<Long> resuming) {
        unit.tell(new Suspend(Steps.tx(), job, wide, resuming, suspends.ref()));
        return suspends.receiveMessage();
    }

    /** Exactly {@code nodes} nodes are free: a reservation of that many is granted, one more is refused. */
    private void free(int nodes) {
        if (nodes < 10) assertInstanceOf(Refused.class, reserve(990, 990, nodes + 1));
        if (nodes > 0) {
            assertInstanceOf(Reserved.class, reserve(991, 991, nodes));
            unit.tell(Steps.abort(KIT, 991));
        }
    }

    @Test
    void aWideJobSharesTheNodesOfTheJobsSuspendedForIt() {
        runs(1, 4);
        runs(2, 4);
        assertInstanceOf(Refused.class, reserve(3, 3, 6), "2 free nodes only");
        assertInstanceOf(Suspended.class, suspend(1, 3, List.of()));
        assertInstanceOf(Reserved.class, reserve(4, 3, 6), "2 free and 4 of job 1, in a new transaction");
        unit.tell(Steps.commit(KIT, 4));
        free(0);
        // Job 1 ends while suspended: the wide job keeps the 4 nodes it borrowed.
        unit.tell(Steps.release(KIT, 1));
        free(0);
        unit.tell(Steps.release(KIT, 3));
        free(6);
    }

    @Test
    void aNodeNeverHoldsTwoSuspendedJobs() {
        runs(1, 4);
        assertInstanceOf(Suspended.class, suspend(1, 3, List.of()));
        SuspendReply again = suspend(1, 3, List.of());
        assertInstanceOf(SuspendRefused.class, again);
        assertTrue(((SuspendRefused) again).reason().contains("already suspended"), again.toString());
        runs(3, 10);
        // Suspending the wide job while job 1 stays suspended would put two suspended jobs on 4 nodes.
        SuspendReply second = suspend(3, 3, List.of());
        assertInstanceOf(SuspendRefused.class, second);
        assertTrue(((SuspendRefused) second).reason().contains("at most one suspended job"), second.toString());
        // A context switch suspends it and resumes job 1 together.
        assertInstanceOf(Suspended.class, suspend(3, 3, List.of(1L)));
        unit.tell(Steps.resume(KIT, 1));
        // Now job 1 cannot be suspended unless the wide job resumes with it.
        assertInstanceOf(SuspendRefused.class, suspend(1, 3, List.of()));
        assertInstanceOf(Suspended.class, suspend(1, 3, List.of(3L)));
        unit.tell(Steps.resume(KIT, 3));
        // The wide job ends: job 1 keeps its 4 nodes, the other 6 are free.
        unit.tell(Steps.release(KIT, 3));
        free(6);
        unit.tell(Steps.resume(KIT, 1));
        unit.tell(Steps.release(KIT, 1));
        free(10);
    }

    @Test
    void aJobThatDoesNotRunHereIsNotSuspended() {
        SuspendReply reply = suspend(7, 9, List.of());
        assertInstanceOf(SuspendRefused.class, reply);
        assertEquals("ns-0", reply.unit());
    }

    @Test
    void anAbortedWideReservationGivesTheBorrowedNodesBack() {
        runs(1, 6);
        assertInstanceOf(Suspended.class, suspend(1, 3, List.of()));
        assertInstanceOf(Reserved.class, reserve(3, 3, 8));
        unit.tell(Steps.abort(KIT, 3));
        unit.tell(Steps.resume(KIT, 1));
        free(4);
    }
}

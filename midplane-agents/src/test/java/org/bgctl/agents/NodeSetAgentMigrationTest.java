package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The node set's side of allocation and migration: what it grants, refuses and hands over. */
class NodeSetAgentMigrationTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    private ActorRef<UnitProtocol.Command> unit;
    private TestProbe<ReserveReply> reserves;
    private TestProbe<CheckpointReply> checkpoints;

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    @BeforeEach
    void aSupernodeOf512Nodes() {
        unit = KIT.spawn(NodeSetAgent.create("sn-0.0.0", 512));
        reserves = KIT.createTestProbe();
        checkpoints = KIT.createTestProbe();
    }

    private ReserveReply reserve(long tx, long job, int nodes) {
        unit.tell(new Reserve(tx, job, new NodeClaim("sn-0.0.0", nodes), reserves.ref()));
        return reserves.receiveMessage();
    }

    private CheckpointReply checkpoint(long tx, long job) {
        unit.tell(new Checkpoint(tx, job, checkpoints.ref()));
        return checkpoints.receiveMessage();
    }

    private NodeCounts occupancy() {
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        unit.tell(new GetOccupancy(probe.ref()));
        return NodeCounts.of(probe.receiveMessage(), 512);
    }

    private void runs(long job) {
        assertInstanceOf(Reserved.class, reserve(job, job, 512));
        unit.tell(Steps.commit(KIT, job));
    }

    @Test
    void aHeldUnitIsRefusedToAnotherJob() {
        runs(1);
        assertInstanceOf(Refused.class, reserve(2, 2, 512));
    }

    @Test
    void aMigrationHandsTheUnitOverAtCommit() {
        runs(1);
        assertInstanceOf(Checkpointed.class, checkpoint(10, 1));
        assertInstanceOf(Refused.class, reserve(11, 2, 512), "another transaction cannot take it");
        assertInstanceOf(Reserved.class, reserve(10, 2, 512), "the migration's own transaction can");
        assertEquals(Map.of(1L, 512), occupancy().running(), "nothing changes hands before the commit");
        unit.tell(Steps.commit(KIT, 10));
        unit.tell(Steps.restart(KIT, 10, 2));
        NodeCounts after = occupancy();
        assertEquals(Map.of(2L, 512), after.running());
        assertEquals(0, after.free());
    }

    @Test
    void anAbortedMigrationLeavesTheJobWhereItWas() {
        runs(1);
        assertInstanceOf(Checkpointed.class, checkpoint(10, 1));
        assertInstanceOf(Reserved.class, reserve(10, 2, 512));
        unit.tell(Steps.abort(KIT, 10));
        unit.tell(Steps.restart(KIT, 10, 1));
        NodeCounts after = occupancy();
        assertEquals(Map.of(1L, 512), after.running());
        assertEquals(new TreeMap<>(), after.reserved());
        assertEquals(0, after.free());
        assertInstanceOf(Checkpointed.class, checkpoint(12, 1), "restarted, it can be checkpointed again");
    }

    @Test
    void aJobMayMoveOntoAUnitItAlreadyHolds() {
        runs(1);
        assertInstanceOf(Checkpointed.class, checkpoint(10, 1));
        assertInstanceOf(Reserved.class, reserve(10, 1, 512));
        unit.tell(Steps.commit(KIT, 10));
        assertEquals(Map.of(1L, 512), occupancy().running());
    }

    @Test
    void onlyARunningJobCanBeCheckpointedAndOnlyOnce() {
        assertInstanceOf(CheckpointRefused.class, checkpoint(10, 1));
        runs(1);
        assertInstanceOf(Checkpointed.class, checkpoint(11, 1));
        assertInstanceOf(CheckpointRefused.class, checkpoint(12, 1));
    }
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.agents.UnitProtocol.AdoptSuspended;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The side of gang scheduling of the agents of whole units (a midplane, a switch): a suspended job keeps the
 * unit, only the wide job it was suspended for may take it meanwhile, and a unit never holds two suspended
 * jobs.
 */
class ExclusiveAgentGangTest {

    private static final ActorTestKit KIT = ActorTestKit.create();
    private static final NodeClaim MIDPLANE = new NodeClaim("mp-R000", 512);

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    private static AgentProbe midplane() {
        return new AgentProbe(KIT, KIT.spawn(MidplaneAgent.create("mp-R000", 512)));
    }

    private static void runs(AgentProbe unit, long job) {
        assertInstanceOf(Reserved.class, unit.reserve(job, job, MIDPLANE));
        unit.agent.tell(Steps.commit(KIT, job));
    }

    private static SuspendReply suspend(AgentProbe unit, long job, long wide, List<Long> resuming) {
        TestProbe<SuspendReply> replies = KIT.createTestProbe();
        unit.agent.tell(new Suspend(Steps.tx(), job, wide, resuming, replies.ref()));
        return replies.receiveMessage();
    }

    @Test
    void onlyTheWideJobMayTakeTheUnitOfAJobSuspendedForIt() {
        AgentProbe unit = midplane();
        runs(unit, 1);
        assertInstanceOf(Suspended.class, suspend(unit, 1, 9, List.of()));
        Refused other = assertInstanceOf(Refused.class, unit.reserve(2, 2, MIDPLANE));
        assertTrue(other.reason().contains("suspended job 1"), other.reason());
        runs(unit, 9);
        assertEquals(Map.of(1L, MIDPLANE, 9L, MIDPLANE), unit.occupancy().running());
        assertEquals(Set.of(1L), unit.occupancy().suspended());
        // The wide job ends, job 1 resumes on the unit it kept and ends too: the unit is free.
        unit.agent.tell(Steps.release(KIT, 9));
        unit.agent.tell(Steps.resume(KIT, 1));
        assertEquals(Set.of(), unit.occupancy().suspended());
        unit.agent.tell(Steps.release(KIT, 1));
        runs(unit, 3);
    }

    @Test
    void aUnitNeverHoldsTwoSuspendedJobs() {
        AgentProbe unit = midplane();
        runs(unit, 1);
        assertInstanceOf(Suspended.class, suspend(unit, 1, 9, List.of()));
        runs(unit, 9);
        // Switching back: the wide job may be suspended because the same switch resumes job 1.
        SuspendRefused twice = assertInstanceOf(SuspendRefused.class, suspend(unit, 9, 9, List.of()));
        assertTrue(twice.reason().contains("at most one suspended job"), twice.reason());
        assertInstanceOf(Suspended.class, suspend(unit, 9, 9, List.of(1L)));
        unit.agent.tell(Steps.resume(KIT, 1));
        assertEquals(Set.of(9L), unit.occupancy().suspended());
        assertInstanceOf(SuspendRefused.class, suspend(unit, 9, 9, List.of()), "already suspended");
        assertInstanceOf(SuspendRefused.class, suspend(unit, 2, 9, List.of()), "does not run here");
    }

    @Test
    void aRestartedAgentAdoptsTheSuspendedJobAndTheRunningOne() {
        AgentProbe unit = new AgentProbe(KIT, KIT.spawn(SwitchAgent.create("sw-x-R000")));
        PortClaim ports = new PortClaim("sw-x-R000", 0b11);
        unit.agent.tell(new AdoptSuspended(1, 9, ports));
        unit.agent.tell(new UnitProtocol.Adopt(9, ports));
        assertEquals(Set.of(1L), unit.occupancy().suspended());
        assertEquals(Set.of(1L, 9L), unit.occupancy().running().keySet());
        assertInstanceOf(Refused.class, unit.reserve(2, 2, ports));
        unit.agent.tell(Steps.release(KIT, 9));
        assertInstanceOf(Refused.class, unit.reserve(3, 3, ports), "job 1 is still suspended here");
    }
}

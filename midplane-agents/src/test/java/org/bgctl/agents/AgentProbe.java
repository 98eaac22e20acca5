package org.bgctl.agents;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.machine.Claim;

/** Test helper: one agent and a probe standing in for the scheduler. */
final class AgentProbe {
    private final ActorTestKit kit;
    final ActorRef<Command> agent;
    final TestProbe<ReserveReply> scheduler;

    AgentProbe(ActorTestKit kit, ActorRef<Command> agent) {
        this.kit = kit;
        this.agent = agent;
        this.scheduler = kit.createTestProbe();
    }

    /** Sends a reservation and returns the answer. */
    ReserveReply reserve(long tx, long job, Claim claim) {
        agent.tell(new Reserve(tx, job, claim, scheduler.getRef()));
        return scheduler.receiveMessage();
    }

    Occupancy occupancy() {
        TestProbe<Occupancy> probe = kit.createTestProbe();
        agent.tell(new GetOccupancy(probe.getRef()));
        return probe.receiveMessage();
    }
}

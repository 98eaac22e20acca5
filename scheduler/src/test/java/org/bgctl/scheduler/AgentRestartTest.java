package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.Done;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.pattern.StatusReply;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicReference;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.SchedulerActor.Advance;
import org.bgctl.scheduler.SchedulerActor.Settled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A unit agent that throws is restarted by its supervisor, empty; the scheduler, told of the restart, sends it
 * again what it holds and what is down on it, and allocation goes on with the agent in step.
 */
class AgentRestartTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString("""
            akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
            akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
            """).withFallback(ConfigFactory.load()));

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private static Occupancy occupancy(ActorRef<UnitProtocol.Command> agent) {
        TestProbe<Occupancy> probe = KIT.createTestProbe();
        agent.tell(new GetOccupancy(probe.getRef()));
        return probe.receiveMessage();
    }

    @Test
    void aCrashedAgentIsRestartedHoldsItsJobsAgainAndAllocationGoesOn() {
        FlatMachine machine = new FlatMachine(10);
        AtomicReference<ActorRef<SchedulerActor.Command>> scheduler = new AtomicReference<>();
        ActorRef<UnitProtocol.Command> agent = KIT.spawn(UnitAgents.supervised(
                UnitAgents.forUnit(machine, FlatMachine.NODE_SET), FlatMachine.NODE_SET,
                unit -> scheduler.get().tell(new SchedulerActor.UnitRestarted(unit))));
        List<SchedulerEvent> sink = new CopyOnWriteArrayList<>();
        scheduler.set(KIT.spawn(SchedulerActor.create(PersistenceId.ofUniqueId("agent-restart"),
                () -> new SchedulerCore(new Fcfs(), new FlatMachine(10)), unit -> agent, sink::add, 0)));
        TestProbe<Settled> settled = KIT.createTestProbe();
        TestProbe<StatusReply<Done>> reply = KIT.createTestProbe();

        scheduler.get().tell(new Advance(0, List.of(of(1, 0, 1000, 1000, 4), of(2, 0, 1000, 1000, 3)),
                settled.getRef()));
        assertEquals(new Settled(0, 1000, 0, 2), settled.receiveMessage());
        scheduler.get().tell(new SchedulerActor.SetComponentHealth("node-9", false, reply.getRef()));
        assertTrue(reply.receiveMessage().isSuccess());
        Occupancy before = occupancy(agent);
        assertEquals(List.of(1L, 2L), List.copyOf(before.running().keySet()));
        assertEquals(List.of("node-9"), List.copyOf(before.down()));

        // a message the agent cannot handle (nobody to answer) makes it throw
        LoggingTestKit.error(NullPointerException.class).expect(KIT.system(), () -> {
            agent.tell(new GetOccupancy(null));
            return null;
        });
        Occupancy after = occupancy(agent);
        for (int i = 0; i < 50 && !after.equals(before); i++) {
            settled.expectNoMessage(Duration.ofMillis(20));
            after = occupancy(agent);
        }
        assertEquals(before, after);

        // the machine has 2 nodes left: a job of 2 starts, a job of 1 waits, as the agent agrees
        scheduler.get().tell(new Advance(1, List.of(of(3, 1, 1000, 1000, 2), of(4, 1, 1000, 1000, 1)),
                settled.getRef()));
        assertEquals(new Settled(1, 1000, 1, 3), settled.receiveMessage());
        assertTrue(sink.stream().anyMatch(e -> e instanceof JobStarted s && s.jobId() == 3), sink.toString());
        assertEquals(List.of(1L, 2L, 3L), List.copyOf(occupancy(agent).running().keySet()));
    }
}

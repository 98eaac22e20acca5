package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.Done;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.BehaviorInterceptor;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.pattern.StatusReply;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.bgctl.agents.NodeSetAgent;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.pfcfs.PreemptiveFcfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The context-switch protocol between the scheduler actor and the node-set agent of flat:10, with x = 50% and
 * δ = 0: jobs 1 and 2 (4 nodes, 1000 s) run; job 3 (5 nodes, wide, 100 s) preempts job 1. When the agent
 * refuses the suspension nothing is recorded and job 3 waits; the next instant the switch goes through, and
 * when job 3 ends job 1 resumes — every step a message the agent answers.
 */
class GangProtocolTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString(
            "akka.persistence.journal.plugin = \"akka.persistence.journal.inmem\"")
            .withFallback(ConfigFactory.load()));
    private static final AtomicInteger RUNS = new AtomicInteger();

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    private static SchedulerCore twoJobsRunning() {
        SchedulerCore core = new SchedulerCore(new PreemptiveFcfs(new GangSettings(50, 0, 100, 1, 0)), new FlatMachine(10));
        for (long j = 1; j <= 2; j++) {
            core.apply(new JobSubmitted(Job.of(j, 0, 1000, 1000, 4)));
            core.apply(new JobStarted(j, 0, FlatMachine.allocationOf(4)));
        }
        return core;
    }

    /** Refuses the first {@code failures} suspensions. */
    private static final class RefusingSuspend extends BehaviorInterceptor<UnitProtocol.Command, UnitProtocol.Command> {
        private final AtomicInteger failures;

        RefusingSuspend(AtomicInteger failures) {
            super(UnitProtocol.Command.class);
            this.failures = failures;
        }

        @Override
        public Behavior<UnitProtocol.Command> aroundReceive(TypedActorContext<UnitProtocol.Command> ctx,
                UnitProtocol.Command msg, ReceiveTarget<UnitProtocol.Command> target) {
            if (msg instanceof UnitProtocol.Suspend s && failures.getAndDecrement() > 0) {
                s.replyTo().tell(new UnitProtocol.SuspendRefused(FlatMachine.NODE_SET, s.tx(), s.job(), "cannot stop it"));
                return Behaviors.same();
            }
            return target.apply(ctx, msg);
        }
    }

    @Test
    void aRefusedSuspensionRecordsNothingAndTheNextInstantSwitches() {
        AtomicInteger failures = new AtomicInteger(1);
        ActorRef<UnitProtocol.Command> agent = KIT.spawn(Behaviors.intercept(() -> new RefusingSuspend(failures),
                NodeSetAgent.create(FlatMachine.NODE_SET, 10)));
        List<SchedulerEvent> events = new ArrayList<>();
        ActorRef<SchedulerActor.Command> scheduler = KIT.spawn(SchedulerActor.create(
                PersistenceId.ofUniqueId("gang-" + RUNS.incrementAndGet()), GangProtocolTest::twoJobsRunning,
                unit -> agent, events::add, 64));
        Job wide = Job.of(3, 10, 100, 100, 5);

        advance(scheduler, 10, List.of(wide));
        assertEquals(List.of(new JobSubmitted(wide)), events, "the refused switch is not recorded");

        advance(scheduler, 20, List.of());
        assertEquals(List.of(new ContextSwitched(3, 20, 1, List.of(1L), List.of(), true, 0),
                new JobStarted(3, 20, FlatMachine.allocationOf(5))), events.subList(1, events.size()));

        // The agent lends job 1's nodes to job 3 only: 1 node is free, and 2 are not.
        TestProbe<UnitProtocol.ReserveReply> probe = KIT.createTestProbe();
        agent.tell(new UnitProtocol.Reserve(99, 99, new NodeClaim(FlatMachine.NODE_SET, 2), probe.ref()));
        assertTrue(probe.receiveMessage() instanceof UnitProtocol.Refused);

        SchedulerActor.Settled settled = advance(scheduler, 120, List.of());
        assertEquals(List.of(new JobFinished(3, 120), new ContextSwitched(3, 120, 1, List.of(), List.of(1L), false, 0)),
                events.subList(3, events.size()));
        assertEquals(1000, settled.nextFinish(), "job 2 ends on time; job 1, 110 s late, at 1110");
        agent.tell(new UnitProtocol.Reserve(98, 98, new NodeClaim(FlatMachine.NODE_SET, 2), probe.ref()));
        assertTrue(probe.receiveMessage() instanceof UnitProtocol.Reserved, "job 3's own node and the free one");
    }

    @Test
    void aSuspendedJobCannotBeCancelledButTheWideJobCanAndTheGangResumes() {
        ActorRef<UnitProtocol.Command> agent = KIT.spawn(NodeSetAgent.create(FlatMachine.NODE_SET, 10));
        List<SchedulerEvent> events = new ArrayList<>();
        ActorRef<SchedulerActor.Command> scheduler = KIT.spawn(SchedulerActor.create(
                PersistenceId.ofUniqueId("gang-" + RUNS.incrementAndGet()), GangProtocolTest::twoJobsRunning,
                unit -> agent, events::add, 0));
        advance(scheduler, 10, List.of(Job.of(3, 10, 100, 100, 5)));
        assertEquals(new ContextSwitched(3, 10, 1, List.of(1L), List.of(), true, 0), events.get(1));

        TestProbe<StatusReply<Done>> reply = KIT.createTestProbe();
        scheduler.tell(new SchedulerActor.Cancel(1, reply.ref()));
        assertEquals("job 1 is suspended for job 3 and can be cancelled once it runs again",
                reply.receiveMessage().getError().getMessage());
        scheduler.tell(new SchedulerActor.Cancel(3, reply.ref()));
        assertTrue(reply.receiveMessage().isSuccess());

        advance(scheduler, 11, List.of());
        assertEquals(List.of(new JobCancelled(3, 10), new ContextSwitched(3, 11, 1, List.of(), List.of(1L), false, 0)),
                events.subList(3, events.size()));
        TestProbe<UnitProtocol.Occupancy> held = KIT.createTestProbe();
        agent.tell(new UnitProtocol.GetOccupancy(held.ref()));
        UnitProtocol.Occupancy occupancy = held.receiveMessage();
        assertEquals(List.of(1L, 2L), List.copyOf(occupancy.running().keySet()));
        assertTrue(occupancy.suspended().isEmpty(), occupancy.toString());
    }

    private static SchedulerActor.Settled advance(ActorRef<SchedulerActor.Command> scheduler, long t, List<Job> arrivals) {
        TestProbe<SchedulerActor.Settled> settled = KIT.createTestProbe();
        scheduler.tell(new SchedulerActor.Advance(t, arrivals, settled.ref()));
        return settled.receiveMessage();
    }
}

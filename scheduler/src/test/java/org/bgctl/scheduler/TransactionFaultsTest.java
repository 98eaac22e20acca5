package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.SetHealth;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.event.ComponentFailed;
import org.bgctl.scheduler.event.ComponentRepaired;
import org.bgctl.scheduler.event.JobKilled;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Faults injected into the allocation transaction on the 4x2x2 test machine: whatever goes down
 * between reserve and commit, the transaction aborts, nothing stays reserved, the scheduler records
 * the failure, and the job is placed elsewhere at the same instant.
 */
class TransactionFaultsTest {
    private static final ActorTestKit KIT = LiveMachine.testKit();
    private static final String MACHINE = "small-bgl";
    private static final String FIRST_TORUS = "R000:2x1x1:torus:x=0.4:y=-:z=-";
    private static final String NEXT_TORUS = "R001:2x1x1:torus:x=0.4:y=-:z=-";

    private LiveMachine live;

    @AfterEach
    void stop() {
        if (live != null) live.stop();
    }

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    /** A job asking for a 2x1x1 torus, unrotated: on an empty machine it goes to R000 with x cables 0 and 4. */
    private static Job torusJob(long id, long submit) {
        return Job.of(id, submit, 100, 100, 2 * 512).withGeometry(Geometry.box(new Shape(2, 1, 1), false, Topology.TORUS));
    }

    /** Forwards everything to the agent; before the first reservation, {@code fault} hits the agent. */
    private static Behavior<Command> failsBeforeFirstReserve(ActorRef<Command> agent, SetHealth fault) {
        return Behaviors.receive(Command.class)
                .onMessage(Reserve.class, r -> {
                    agent.tell(fault);
                    agent.tell(r);
                    return forwarding(agent);
                })
                .onAnyMessage(m -> {
                    agent.tell(m);
                    return Behaviors.same();
                })
                .build();
    }

    private static Behavior<Command> forwarding(ActorRef<Command> agent) {
        return Behaviors.receive(Command.class).onAnyMessage(m -> {
            agent.tell(m);
            return Behaviors.same();
        }).build();
    }

    /** A reservation held back until another agent has taken a fault. */
    private record HeldBack(Reserve reserve) implements Command {
    }

    /**
     * Forwards everything to the switch; its first reservation waits until {@code fault} has hit
     * {@code midplane} (which granted its own reservation in phase one).
     */
    private static Behavior<Command> midplaneFailsFirst(ActorRef<Command> sw, ActorRef<Command> midplane, SetHealth fault) {
        return Behaviors.setup(ctx -> Behaviors.receive(Command.class)
                .onMessage(Reserve.class, r -> {
                    midplane.tell(fault);
                    ctx.ask(Occupancy.class, midplane, Duration.ofSeconds(3), GetOccupancy::new, (o, e) -> new HeldBack(r));
                    return Behaviors.receive(Command.class)
                            .onMessage(HeldBack.class, h -> {
                                sw.tell(h.reserve());
                                return forwarding(sw);
                            })
                            .onAnyMessage(m -> {
                                sw.tell(m);
                                return Behaviors.same();
                            })
                            .build();
                })
                .onAnyMessage(m -> {
                    sw.tell(m);
                    return Behaviors.same();
                })
                .build());
    }

    /** Forwards everything but reservations, which it never answers. */
    private static Behavior<Command> silent(ActorRef<Command> agent) {
        return Behaviors.receive(Command.class)
                .onMessage(Reserve.class, r -> Behaviors.same())
                .onAnyMessage(m -> {
                    agent.tell(m);
                    return Behaviors.same();
                })
                .build();
    }

    private static <T extends SchedulerEvent> List<T> of(List<SchedulerEvent> events, Class<T> type) {
        return events.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private void assertClean() {
        live.quiesce();
        assertEquals(List.of(), live.recorded().violations());
        assertEquals(List.of(), live.auditAgents());
    }

    @Test
    void aSwitchThatFailsAfterPhaseOneAbortsTheTransactionAndTheJobGoesElsewhere() {
        live = new LiveMachine(KIT, MACHINE, "easy", Map.of("sw-x-R000", (agent, agents) ->
                failsBeforeFirstReserve(agent, new SetHealth("sw-x-R000", new PortClaim("sw-x-R000", 0b111111), false))));
        SchedulerActor.Settled settled = live.advance(0, torusJob(1, 0));

        assertEquals(1, settled.running());
        List<SchedulerEvent> events = live.events();
        assertEquals(List.of(new ComponentFailed("sw-x-R000", 0)), of(events, ComponentFailed.class));
        assertEquals(NEXT_TORUS, of(events, JobStarted.class).get(0).allocation().partition());
        assertEquals(3, events.size(), "submitted, failed, started: " + events);
        assertClean();
    }

    @Test
    void aMidplaneThatFailsDuringPhaseTwoTakesBackItsGrantAndTheJobGoesElsewhere() {
        live = new LiveMachine(KIT, MACHINE, "easy", Map.of("sw-x-R000", (sw, agents) -> midplaneFailsFirst(sw,
                agents.apply("mp-R100"), new SetHealth("mp-R100", new NodeClaim("mp-R100", 512), false))));
        live.advance(0, torusJob(1, 0));

        List<SchedulerEvent> events = live.events();
        assertEquals(List.of(new ComponentFailed("mp-R100", 0)), of(events, ComponentFailed.class));
        assertEquals(NEXT_TORUS, of(events, JobStarted.class).get(0).allocation().partition());
        assertTrue(live.occupancyOf("mp-R000").running().isEmpty(), "the first midplane was freed");
        assertClean();
    }

    @Test
    void anAgentThatNeverAnswersTimesTheTransactionOutAndNothingStaysReserved() {
        live = new LiveMachine(KIT, MACHINE, "easy", Map.of("sw-x-R100", (agent, agents) -> silent(agent)));
        SchedulerActor.Settled settled = live.advance(0, torusJob(1, 0));

        assertEquals(1, settled.queued());
        assertEquals(List.of(JobSubmitted.class), live.events().stream().map(Object::getClass).toList());
        assertClean();
    }

    @Test
    void aFailureReportedUnderARunningJobKillsItAndTheAgentsFollow() {
        live = new LiveMachine(KIT, MACHINE, "easy");
        live.advance(0, torusJob(1, 0));
        assertTrue(live.report("cable-x-R100-p4", false).isSuccess());

        assertEquals(List.of(new JobKilled(1, 0, "cable-x-R100-p4")), of(live.events(), JobKilled.class));
        assertEquals(0, live.advance(10, torusJob(2, 10)).queued());
        assertEquals(NEXT_TORUS, of(live.events(), JobStarted.class).get(1).allocation().partition());
        assertClean();
        assertTrue(live.report("cable-x-R100-p9", false).getError().getMessage().contains("no x cable"));
    }

    @Test
    void aFailureThatHitsTheAgentsUnderARunningJobIsReportedByThemAndKillsIt() {
        live = new LiveMachine(KIT, MACHINE, "easy");
        live.advance(0, torusJob(1, 0));
        live.hitAgents("sw-y-R100", false);
        live.quiesce();

        assertEquals(List.of(new JobKilled(1, 0, "sw-y-R100")), of(live.events(), JobKilled.class));
        assertEquals(List.of(new ComponentFailed("sw-y-R100", 0)), of(live.events(), ComponentFailed.class));
        assertClean();
    }

    @Test
    void aRepairLetsAWaitingJobStartAtTheNextInstant() {
        live = new LiveMachine(KIT, MACHINE, "easy");
        live.report("mp-R000", false);
        Job whole = Job.of(1, 0, 100, 100, 16 * 512);
        assertEquals(1, live.advance(0, whole).queued());
        live.report("mp-R000", true);
        assertEquals(1, live.advance(5).running());
        assertEquals(List.of(new ComponentRepaired("mp-R000", 0)), of(live.events(), ComponentRepaired.class));
        assertEquals(5, of(live.events(), JobStarted.class).get(0).time());
        assertClean();
    }

    @Test
    void withoutFaultsTheFirstTorusIsTheBestOne() {
        live = new LiveMachine(KIT, MACHINE, "easy");
        live.advance(0, torusJob(1, 0));
        assertEquals(FIRST_TORUS, of(live.events(), JobStarted.class).get(0).allocation().partition());
        assertClean();
    }
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Stream;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Checkpoint;
import org.bgctl.agents.UnitProtocol.CheckpointRefused;
import org.bgctl.agents.UnitProtocol.CheckpointReply;
import org.bgctl.agents.UnitProtocol.Checkpointed;
import org.bgctl.agents.UnitProtocol.Command;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.StepDone;
import org.bgctl.agents.UnitProtocol.GetOccupancy;
import org.bgctl.agents.UnitProtocol.Occupancy;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.ReserveReply;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Restart;
import org.bgctl.agents.UnitProtocol.Resume;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.agents.UnitProtocol.StepRefused;
import org.bgctl.agents.UnitProtocol.StepReply;
import org.bgctl.agents.UnitProtocol.Suspend;
import org.bgctl.agents.UnitProtocol.SuspendRefused;
import org.bgctl.agents.UnitProtocol.SuspendReply;
import org.bgctl.agents.UnitProtocol.Suspended;
import org.bgctl.machine.Claim;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The whole protocol on every kind of agent ({@link UnitAgent}): a midplane and a switch (held whole), and a
 * node set. Every step is answered; a repeated step gets the first answer and changes nothing; a step that comes
 * after its transaction ended is refused; an unknown one is refused with a reason; and a job migrates on every
 * kind, midplanes included.
 */
class UnitAgentProtocolTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    /** One kind of agent and a claim that takes the whole unit. */
    record Kind(String name, Supplier<Behavior<Command>> agent, Claim whole) {
        @Override
        public String toString() {
            return name;
        }
    }

    static Stream<Arguments> kinds() {
        return Stream.of(
                Arguments.of(new Kind("midplane", () -> MidplaneAgent.create("mp-R000", 512), new NodeClaim("mp-R000", 512))),
                Arguments.of(new Kind("switch", () -> SwitchAgent.create("sw-x-R000"), new PortClaim("sw-x-R000", 0b11))),
                Arguments.of(new Kind("node set", () -> NodeSetAgent.create("sn-0.0.0", 512), new NodeClaim("sn-0.0.0", 512))));
    }

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    /** An agent of one kind and probes standing in for the scheduler. */
    private static final class Unit {
        final ActorRef<Command> agent;
        final Claim whole;
        final TestProbe<ReserveReply> reserves = KIT.createTestProbe();
        final TestProbe<CheckpointReply> checkpoints = KIT.createTestProbe();
        final TestProbe<SuspendReply> suspends = KIT.createTestProbe();
        final TestProbe<StepReply> steps = KIT.createTestProbe();

        Unit(Kind kind) {
            agent = KIT.spawn(kind.agent().get());
            whole = kind.whole();
        }

        ReserveReply reserve(long tx, long job) {
            agent.tell(new Reserve(tx, job, whole, reserves.ref()));
            return reserves.receiveMessage();
        }

        CheckpointReply checkpoint(long tx, long job) {
            agent.tell(new Checkpoint(tx, job, checkpoints.ref()));
            return checkpoints.receiveMessage();
        }

        SuspendReply suspend(long tx, long job, long wide) {
            agent.tell(new Suspend(tx, job, wide, List.of(), suspends.ref()));
            return suspends.receiveMessage();
        }

        StepReply step(Command step) {
            agent.tell(step);
            return steps.receiveMessage();
        }

        StepReply commit(long tx) {
            return step(new Commit(tx, steps.ref()));
        }

        StepReply abort(long tx) {
            return step(new Abort(tx, steps.ref()));
        }

        StepReply release(long tx, long job) {
            return step(new Release(tx, job, steps.ref()));
        }

        StepReply resume(long tx, long job) {
            return step(new Resume(tx, job, steps.ref()));
        }

        StepReply restart(long tx, long job) {
            return step(new Restart(tx, job, steps.ref()));
        }

        void runs(long job) {
            assertInstanceOf(Reserved.class, reserve(job, job));
            assertInstanceOf(StepDone.class, commit(job));
        }

        Occupancy occupancy() {
            TestProbe<Occupancy> probe = KIT.createTestProbe();
            agent.tell(new GetOccupancy(probe.ref()));
            return probe.receiveMessage();
        }

        String id() {
            return whole.unit();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aMigrationHandsTheUnitOverAtCommitAndTheJobRestartsThere(Kind kind) {
        Unit unit = new Unit(kind);
        unit.runs(1);
        assertInstanceOf(Checkpointed.class, unit.checkpoint(10, 1));
        assertInstanceOf(Refused.class, unit.reserve(11, 2), "another transaction cannot take it");
        assertInstanceOf(Reserved.class, unit.reserve(10, 2), "the migration's own transaction can");
        assertEquals(Set.of(1L), unit.occupancy().running().keySet(), "nothing changes hands before the commit");
        assertEquals(new StepDone(unit.id(), Step.COMMIT, 10, 0), unit.commit(10));
        assertEquals(new StepDone(unit.id(), Step.RESTART, 10, 2), unit.restart(10, 2));
        assertEquals(Set.of(2L), unit.occupancy().running().keySet());
        assertEquals(Set.of(), unit.occupancy().reserved().keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aJobCheckpointedAwayFromAUnitLeavesItFree(Kind kind) {
        Unit unit = new Unit(kind);
        unit.runs(1);
        assertInstanceOf(Checkpointed.class, unit.checkpoint(10, 1));
        assertEquals(new StepDone(unit.id(), Step.COMMIT, 10, 0), unit.commit(10));
        assertEquals(Set.of(), unit.occupancy().running().keySet());
        assertInstanceOf(Reserved.class, unit.reserve(12, 3), "the unit is free again");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void anAbortedMigrationLeavesTheJobWhereItWas(Kind kind) {
        Unit unit = new Unit(kind);
        unit.runs(1);
        assertInstanceOf(Checkpointed.class, unit.checkpoint(10, 1));
        assertInstanceOf(Reserved.class, unit.reserve(10, 2));
        assertEquals(new StepDone(unit.id(), Step.ABORT, 10, 0), unit.abort(10));
        assertEquals(new StepDone(unit.id(), Step.RESTART, 10, 1), unit.restart(10, 1));
        assertEquals(Set.of(1L), unit.occupancy().running().keySet());
        assertEquals(Set.of(), unit.occupancy().reserved().keySet());
        assertInstanceOf(Checkpointed.class, unit.checkpoint(12, 1), "restarted, it can be checkpointed again");
        assertInstanceOf(CheckpointRefused.class, unit.checkpoint(13, 1), "but only for one migration at a time");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aReservationOlderThanTheTransactionsRememberedIsRefusedAsOver(Kind kind) {
        Unit unit = new Unit(kind);
        unit.runs(1);
        assertInstanceOf(StepDone.class, unit.release(2, 1));
        long late = 3 + UnitAgent.REMEMBERED;
        unit.runs(late);
        assertInstanceOf(StepDone.class, unit.release(late + 1, late));
        assertEquals(new Refused(unit.id(), 2, "transaction 2 is over here"), unit.reserve(2, 7),
                "the unit is free, but transaction 2 is long past");
        assertEquals(new Reserved(unit.id(), late + 2), unit.reserve(late + 2, 7), "a recent one still reserves");
        assertEquals(new Reserved(unit.id(), late + 2), unit.reserve(late + 2, 7), "and is answered as before");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aRepeatedStepGetsTheFirstAnswerAndChangesNothing(Kind kind) {
        Unit unit = new Unit(kind);
        assertEquals(new Reserved(unit.id(), 1), unit.reserve(1, 1));
        assertEquals(new Reserved(unit.id(), 1), unit.reserve(1, 1));
        assertEquals(new StepDone(unit.id(), Step.COMMIT, 1, 0), unit.commit(1));
        assertEquals(new StepDone(unit.id(), Step.COMMIT, 1, 0), unit.commit(1));
        assertEquals(Set.of(1L), unit.occupancy().running().keySet());
        assertEquals(new StepDone(unit.id(), Step.RELEASE, 5, 1), unit.release(5, 1));
        assertEquals(new StepDone(unit.id(), Step.RELEASE, 5, 1), unit.release(5, 1));
        assertInstanceOf(StepRefused.class, unit.release(6, 1), "a release of its own finds nothing");
        assertEquals(Set.of(), unit.occupancy().running().keySet());
        // a suspension repeated after the job resumed is the same suspension: it does not stop the job again
        unit.runs(2);
        assertInstanceOf(Suspended.class, unit.suspend(20, 2, 9));
        assertEquals(new StepDone(unit.id(), Step.RESUME, 20, 2), unit.resume(20, 2));
        assertInstanceOf(Suspended.class, unit.suspend(20, 2, 9));
        assertEquals(Set.of(), unit.occupancy().suspended());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void aStepThatComesAfterItsTransactionEndedIsRefused(Kind kind) {
        Unit unit = new Unit(kind);
        assertEquals(new StepDone(unit.id(), Step.ABORT, 3, 0), unit.abort(3), "an abort of nothing is done");
        Refused late = assertInstanceOf(Refused.class, unit.reserve(3, 3));
        assertTrue(late.reason().contains("transaction 3 is over"), late.reason());
        assertEquals(Set.of(), unit.occupancy().reserved().keySet());
        assertInstanceOf(StepRefused.class, unit.commit(3), "an aborted transaction is not committed");
        // the undo of a switch came before its suspension: the suspension is refused, the job runs on
        unit.runs(1);
        assertEquals(new StepDone(unit.id(), Step.RESUME, 7, 1), unit.resume(7, 1));
        assertInstanceOf(SuspendRefused.class, unit.suspend(7, 1, 9));
        assertEquals(Set.of(), unit.occupancy().suspended());
        assertEquals(Set.of(1L), unit.occupancy().running().keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("kinds")
    void anUnknownStepIsRefusedWithAReason(Kind kind) {
        Unit unit = new Unit(kind);
        StepRefused resume = assertInstanceOf(StepRefused.class, unit.resume(8, 99));
        assertTrue(resume.reason().contains("job 99"), resume.reason());
        StepRefused restart = assertInstanceOf(StepRefused.class, unit.restart(8, 99));
        assertTrue(restart.reason().contains("job 99"), restart.reason());
        StepRefused release = assertInstanceOf(StepRefused.class, unit.release(8, 99));
        assertTrue(release.reason().contains("job 99"), release.reason());
        StepRefused commit = assertInstanceOf(StepRefused.class, unit.commit(8));
        assertTrue(commit.reason().contains("transaction 8"), commit.reason());
        assertInstanceOf(CheckpointRefused.class, unit.checkpoint(8, 99));
        assertInstanceOf(SuspendRefused.class, unit.suspend(9, 99, 100));
    }
}

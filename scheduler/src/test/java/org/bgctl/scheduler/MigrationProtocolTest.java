package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.BehaviorInterceptor;
import akka.actor.typed.TypedActorContext;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.bgctl.agents.MidplaneAgent;
import org.bgctl.agents.NodeSetAgent;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.Claim;
import org.bgctl.machine.torus.Box;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;
import org.bgctl.scheduler.event.JobCheckpointed;
import org.bgctl.scheduler.event.JobMigrated;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.MigrationAttempted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The migration protocol between the scheduler actor and the supernode agents — node sets, and whole units as
 * BG/L midplanes are held ({@link AgentKind}) — with failures injected in
 * the middle of it: an agent that refuses a checkpoint, and a unit that refuses the reservation of a new
 * partition (as a unit going down would). An aborted migration leaves every job where it was — none lost,
 * none twice — and the agents' occupancy equals the scheduler's view; the next instant migrates for real.
 */
class MigrationProtocolTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString(
            "akka.persistence.journal.plugin = \"akka.persistence.journal.inmem\"")
            .withFallback(ConfigFactory.load()));
    private static final AtomicInteger RUNS = new AtomicInteger();
    private static final TorusShape SHAPE = new TorusShape(4, 4, 1);
    private static final long[][] CORNERS = {{0, 0}, {2, 0}, {0, 2}, {2, 2}};

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    /** The agents a migration runs through. */
    enum AgentKind {
        /** A node set of the supernode's one node. */
        NODE_SET,
        /** A unit held whole by one job, as a BG/L midplane is. */
        WHOLE_UNIT;

        Behavior<UnitProtocol.Command> create(String unit) {
            return this == NODE_SET ? NodeSetAgent.create(unit, 1) : MidplaneAgent.create(unit, 1);
        }
    }

    /** Four 1-unit jobs, one in each quarter of a 4x4 torus: a job of 8 units waits for a migration. */
    private static SchedulerCore fragmented() {
        SupernodeMachine torus = new SupernodeMachine(SHAPE, 1);
        SchedulerCore core = new SchedulerCore(Policies.create("krevat-migration"), torus);
        for (int j = 0; j < CORNERS.length; j++) {
            core.apply(new JobSubmitted(Job.of(j + 1, 0, 1000, 1000, 1)));
            core.apply(new JobStarted(j + 1, 0,
                    torus.allocationOf(Box.of((int) CORNERS[j][0], (int) CORNERS[j][1], 0, 1, 1, 1))));
        }
        return core;
    }

    /** Refuses the messages it is told to while {@code failures} is above 0, counting them down. */
    private static final class Fault extends BehaviorInterceptor<UnitProtocol.Command, UnitProtocol.Command> {
        private final String unit;
        private final Class<?> refused;
        private final AtomicInteger failures;

        Fault(String unit, Class<?> refused, AtomicInteger failures) {
            super(UnitProtocol.Command.class);
            this.unit = unit;
            this.refused = refused;
            this.failures = failures;
        }

        @Override
        public Behavior<UnitProtocol.Command> aroundReceive(TypedActorContext<UnitProtocol.Command> ctx,
                UnitProtocol.Command msg, ReceiveTarget<UnitProtocol.Command> target) {
            if (refused.isInstance(msg) && failures.getAndDecrement() > 0) {
                if (msg instanceof UnitProtocol.Reserve r)
                    r.replyTo().tell(new UnitProtocol.Refused(unit, r.tx(), "unit went down"));
                if (msg instanceof UnitProtocol.Checkpoint c)
                    c.replyTo().tell(new UnitProtocol.CheckpointRefused(unit, c.tx(), c.job(), "checkpoint failed"));
                return Behaviors.same();
            }
            return target.apply(ctx, msg);
        }
    }

    /** A scheduler on the fragmented torus with one faulty unit, and what it records. */
    private static final class Run {
        final Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
        final List<SchedulerEvent> events = new ArrayList<>();
        final SchedulerCore view = fragmented();
        final ActorRef<SchedulerActor.Command> scheduler;

        Run(AgentKind kind, String faulty, Class<?> refused, AtomicInteger failures) {
            for (String unit : view.machine().units()) {
                Behavior<UnitProtocol.Command> agent = kind.create(unit);
                if (unit.equals(faulty)) agent = Behaviors.intercept(() -> new Fault(unit, refused, failures), agent);
                agents.put(unit, KIT.spawn(agent));
            }
            Supplier<SchedulerCore> cores = MigrationProtocolTest::fragmented;
            scheduler = KIT.spawn(SchedulerActor.create(PersistenceId.ofUniqueId("migration-" + RUNS.incrementAndGet()),
                    cores, agents::get, e -> {
                        events.add(e);
                        view.apply(e);
                    }, 64));
        }

        void advance(long t, List<Job> arrivals) {
            TestProbe<SchedulerActor.Settled> settled = KIT.createTestProbe();
            scheduler.tell(new SchedulerActor.Advance(t, arrivals, settled.ref()));
            settled.receiveMessage();
        }

        /** Every agent holds exactly what the scheduler's view says, and nothing is reserved or checkpointed. */
        void assertAgentsMatchTheView() {
            Map<String, Map<Long, Claim>> expected = new TreeMap<>();
            for (String unit : agents.keySet()) expected.put(unit, new TreeMap<>());
            int runningJobs = 0;
            for (RunningJob r : view.runningByEstimatedEnd()) {
                runningJobs++;
                for (Claim c : r.allocation().claims()) expected.get(c.unit()).put(r.id(), c);
            }
            TestProbe<UnitProtocol.Occupancy> probe = KIT.createTestProbe();
            for (var e : agents.entrySet()) {
                e.getValue().tell(new UnitProtocol.GetOccupancy(probe.ref()));
                UnitProtocol.Occupancy o = probe.receiveMessage();
                assertEquals(expected.get(e.getKey()), o.running(), e.getKey());
                assertTrue(o.reserved().isEmpty(), e.getKey() + " holds a reservation");
                assertTrue(o.running().size() <= 1, e.getKey() + " holds its one node at most once");
            }
            for (long job = 1; job <= 4; job++) assertTrue(view.running(job) != null, "job " + job + " runs");
            assertEquals(runningJobs, view.runningCount());
        }

        List<Class<?>> kinds() {
            return events.stream().<Class<?>>map(Object::getClass).toList();
        }
    }

    /** A unit of the head's future partition that no running job holds: it refuses the migration's reservation. */
    private static String unitTakenOnlyByTheMigration() {
        SchedulerCore core = fragmented();
        core.advanceTo(10);
        core.apply(new JobSubmitted(Job.of(5, 10, 100, 100, 8)));
        Move move = core.plan().migration().orElseThrow().moves().get(0);
        for (Claim c : move.to().claims()) {
            boolean held = false;
            for (RunningJob r : core.runningByEstimatedEnd())
                for (Claim h : r.allocation().claims()) held |= h.unit().equals(c.unit());
            if (!held) return c.unit();
        }
        throw new AssertionError("every new unit of " + move + " is held now");
    }

    @ParameterizedTest
    @EnumSource(AgentKind.class)
    void aUnitRefusingTheNewPartitionAbortsTheMigrationCleanly(AgentKind kind) {
        AtomicInteger failures = new AtomicInteger(1);
        Run run = new Run(kind, unitTakenOnlyByTheMigration(), UnitProtocol.Reserve.class, failures);
        run.advance(10, List.of(Job.of(5, 10, 100, 100, 8)));

        assertEquals(List.of(JobSubmitted.class, MigrationAttempted.class), run.kinds());
        assertFalse(((MigrationAttempted) run.events.get(1)).performed());
        assertEquals(1, run.view.queue().size(), "the head still waits");
        run.assertAgentsMatchTheView();
        for (int j = 0; j < CORNERS.length; j++) {
            assertEquals(Box.of((int) CORNERS[j][0], (int) CORNERS[j][1], 0, 1, 1, 1),
                    ((SupernodeMachine) run.view.machine()).boxOf(run.view.running(j + 1).allocation()));
        }

        run.advance(20, List.of());
        assertTrue(run.kinds().contains(JobMigrated.class), "the unit is back: the migration goes through");
        assertEquals(0, run.view.queue().size(), "and the head starts");
        run.assertAgentsMatchTheView();
    }

    @ParameterizedTest
    @EnumSource(AgentKind.class)
    void aRefusedCheckpointAbortsTheMigrationCleanly(AgentKind kind) {
        AtomicInteger failures = new AtomicInteger(1);
        Run run = new Run(kind, "sn-2.2.0", UnitProtocol.Checkpoint.class, failures);
        run.advance(10, List.of(Job.of(5, 10, 100, 100, 8)));
        assertEquals(List.of(JobSubmitted.class, MigrationAttempted.class), run.kinds());
        run.assertAgentsMatchTheView();

        run.advance(20, List.of());
        assertEquals(1, run.kinds().stream().filter(JobStarted.class::equals).count());
        run.assertAgentsMatchTheView();
    }

    @ParameterizedTest
    @EnumSource(AgentKind.class)
    void aMigrationThatEveryAgentAcceptsMovesTheJobsAndTheAgentsFollow(AgentKind kind) {
        Run run = new Run(kind, "none", UnitProtocol.Reserve.class, new AtomicInteger());
        run.advance(10, List.of(Job.of(5, 10, 100, 100, 8)));
        List<Class<?>> kinds = run.kinds();
        assertEquals(MigrationAttempted.class, kinds.get(1));
        long checkpoints = kinds.stream().filter(JobCheckpointed.class::equals).count();
        assertEquals(checkpoints, kinds.stream().filter(JobMigrated.class::equals).count());
        assertEquals(JobStarted.class, kinds.get(kinds.size() - 1));
        run.assertAgentsMatchTheView();
    }
}

package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.ActorRef;
import akka.actor.typed.Behavior;
import akka.actor.typed.javadsl.Behaviors;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import net.jqwik.api.lifecycle.AfterTry;
import net.jqwik.api.state.Action;
import net.jqwik.api.state.ActionChain;
import net.jqwik.api.state.Transformer;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.bgctl.scheduler.audit.AgentAudit;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.JobRequeued;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * Random sequences of submit, finish, fail and repair through the real protocol — agents, the
 * event-sourced scheduler with EASY, the 4x2x2 test machine — never hold a midplane or a cable
 * twice, never leave a reservation behind (after an abort or otherwise), and keep the agents'
 * occupancy equal to the scheduler's journal. Failures either are reported to the scheduler or hit
 * the agents unannounced, so that the scheduler must learn them from refusals and lost holds. A second
 * property runs the same sequences with every step of a transaction dropped, answered into the void,
 * repeated or delayed at random.
 */
class ProtocolInvariantsTest {
    private static final ActorTestKit KIT = LiveMachine.testKit();
    private static final String MACHINE = "small-bgl";
    private static final List<String> COMPONENTS = components(MachineCatalog.create(MACHINE));
    private static final List<Shape> SHAPES = List.of(new Shape(1, 1, 1), new Shape(2, 1, 1), new Shape(1, 2, 1),
            new Shape(2, 2, 1), new Shape(4, 1, 1), new Shape(2, 2, 2), new Shape(1, 2, 2));

    private static LiveMachine current;

    /** Every midplane, switch and cable of the machine. */
    private static List<String> components(MachineModel machine) {
        List<String> all = new ArrayList<>(machine.units());
        for (String unit : machine.units()) {
            if (!unit.startsWith("sw-")) continue;
            for (int port : new int[] {2, 4}) {
                String cable = "cable-" + unit.substring(3) + "-p" + port;
                try {
                    machine.componentClaims(cable);
                    all.add(cable);
                } catch (IllegalArgumentException noSuchCable) {
                    // that port holds no cable
                }
            }
        }
        return List.copyOf(all);
    }

    /**
     * A test kit for runs with lost, repeated and late messages: a short phase timeout, so that a lost step
     * costs little, and enough attempts that a step is in effect never given up.
     */
    private static final ActorTestKit CHAOS_KIT = ActorTestKit.create(ConfigFactory.parseString("""
            akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
            akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
            bgctl.scheduler.phase-timeout = 10ms
            bgctl.scheduler.phase-attempts = 12
            akka.scheduler.tick-duration = 1ms
            """).withFallback(ConfigFactory.load()));

    /**
     * Stands in front of an agent and, for each step of a transaction, drops it, delivers it but loses the
     * answer, delivers it twice, delivers it late, or delivers it, each with probability 1/5, drawn from one
     * seeded generator shared by every agent's stand-in.
     */
    private static Behavior<UnitProtocol.Command> chaotic(ActorRef<UnitProtocol.Command> agent, SplittableRandom random) {
        return Behaviors.setup(ctx -> Behaviors.receiveMessage(msg -> {
            boolean step = msg instanceof UnitProtocol.Reserve || msg instanceof UnitProtocol.Commit
                    || msg instanceof UnitProtocol.Abort || msg instanceof UnitProtocol.Release
                    || msg instanceof UnitProtocol.Suspend || msg instanceof UnitProtocol.Resume
                    || msg instanceof UnitProtocol.Checkpoint || msg instanceof UnitProtocol.Restart;
            int draw;
            synchronized (random) {
                draw = step ? random.nextInt(5) : 4;
            }
            switch (draw) {
                case 0 -> { } // dropped
                case 1 -> agent.tell(unanswered(msg, ctx.getSystem().ignoreRef()));
                case 2 -> {
                    agent.tell(msg);
                    agent.tell(msg);
                }
                case 3 -> ctx.scheduleOnce(Duration.ofMillis(5), agent, msg);
                default -> agent.tell(msg);
            }
            return Behaviors.same();
        }));
    }

    /** {@code msg} with its answer going nowhere. */
    @SuppressWarnings("unchecked")
    private static UnitProtocol.Command unanswered(UnitProtocol.Command msg, ActorRef<?> nowhere) {
        if (msg instanceof UnitProtocol.Reserve r)
            return new UnitProtocol.Reserve(r.tx(), r.job(), r.claim(), (ActorRef<UnitProtocol.ReserveReply>) nowhere);
        if (msg instanceof UnitProtocol.Commit c) return new UnitProtocol.Commit(c.tx(), (ActorRef<UnitProtocol.StepReply>) nowhere);
        if (msg instanceof UnitProtocol.Abort a) return new UnitProtocol.Abort(a.tx(), (ActorRef<UnitProtocol.StepReply>) nowhere);
        if (msg instanceof UnitProtocol.Release r)
            return new UnitProtocol.Release(r.tx(), r.job(), (ActorRef<UnitProtocol.StepReply>) nowhere);
        return msg;
    }

    /** The system under test, the test's clock and the failures the scheduler was not told of. */
    static final class Run {
        final LiveMachine live;
        final TreeSet<String> unannounced = new TreeSet<>();
        long now;
        long nextFinish = Long.MAX_VALUE;
        long nextJob = 1;

        Run() {
            live = new LiveMachine(KIT, MACHINE, "easy");
            current = live;
        }

        /** A run whose agents' messages are lost, repeated and delayed, drawn from {@code seed}. */
        Run(long seed) {
            SplittableRandom random = new SplittableRandom(seed);
            Map<String, LiveMachine.Proxy> proxies = new TreeMap<>();
            for (String unit : MachineCatalog.create(MACHINE).units())
                proxies.put(unit, (agent, agents) -> chaotic(agent, random));
            live = new LiveMachine(CHAOS_KIT, MACHINE, "easy", proxies);
            current = live;
        }

        /** Releases every finish due before {@code t}, then {@code t} with the arrivals, as the virtual clock does. */
        void advance(long t, Job... arrivals) {
            while (nextFinish < t) release(nextFinish);
            release(t, arrivals);
        }

        private void release(long t, Job... arrivals) {
            now = t;
            nextFinish = live.advance(t, arrivals).nextFinish();
        }

        @Override
        public String toString() {
            return "run at " + now + ", unannounced failures " + unannounced;
        }
    }

    @AfterTry
    void stopRun() {
        if (current != null) current.stop();
        current = null;
    }

    @AfterContainer
    static void shutdown() {
        KIT.shutdownTestKit();
        CHAOS_KIT.shutdownTestKit();
    }

    @Property(tries = 40)
    void theProtocolNeverDoubleBooksNorLeavesReservations(@ForAll("runs") ActionChain<Run> chain) {
        chain.withInvariant("journal invariants", run -> assertEquals(List.of(), run.live.recorded().violations()))
                .withInvariant("agents agree with the journal", ProtocolInvariantsTest::agentsAgree)
                .run();
    }

    /**
     * The same, with every step of a transaction dropped, answered into the void, repeated or delayed at random:
     * the protocol's resends, undos and idempotent agents keep every invariant, and no job is lost or doubled.
     */
    @Property(tries = 8)
    void lostRepeatedAndLateMessagesNeitherDoubleBookNorLeaveReservationsNorLoseJobs(
            @ForAll("chaoticRuns") ActionChain<Run> chain) {
        chain.withInvariant("journal invariants", run -> assertEquals(List.of(), run.live.recorded().violations()))
                .withInvariant("agents agree with the journal", ProtocolInvariantsTest::agentsAgree)
                .withInvariant("every job once", ProtocolInvariantsTest::everyJobOnce)
                .run();
    }

    /** Every job is submitted once, and started once for each time it was queued (a killed job is requeued). */
    private static void everyJobOnce(Run run) {
        TreeMap<Long, Integer> submissions = new TreeMap<>();
        TreeMap<Long, Integer> starts = new TreeMap<>();
        for (SchedulerEvent e : run.live.events()) {
            if (e instanceof JobSubmitted s) submissions.merge(s.job().id(), 1, Integer::sum);
            if (e instanceof JobRequeued r) submissions.merge(r.job().id(), 1, Integer::sum);
            if (e instanceof JobStarted s) starts.merge(s.jobId(), 1, Integer::sum);
        }
        assertEquals(run.nextJob - 1, submissions.size(), "every job submitted is recorded");
        starts.forEach((job, n) -> assertTrue(n <= submissions.get(job), "job " + job + " started " + n + " times"));
    }

    @Provide
    Arbitrary<ActionChain<Run>> chaoticRuns() {
        return Arbitraries.longs().flatMap(seed -> ActionChain.<Run>startWith(() -> new Run(seed))
                .withAction(4, new Submit())
                .withAction(3, new Finish())
                .withAction(new Fail())
                .withAction(new Repair())
                .withMaxTransformations(12));
    }

    private static void agentsAgree(Run run) {
        RecordedRun recorded = run.live.recorded();
        var occupancy = run.live.occupancy();
        assertEquals(List.of(), AgentAudit.holdings(recorded, occupancy));
        TreeSet<String> down = new TreeSet<>(recorded.machine().downComponents());
        down.addAll(run.unannounced);
        assertEquals(List.of(), AgentAudit.health(recorded.machine(), down, occupancy));
    }

    @Provide
    Arbitrary<ActionChain<Run>> runs() {
        return ActionChain.<Run>startWith(Run::new)
                .withAction(4, new Submit())
                .withAction(3, new Finish())
                .withAction(new Fail())
                .withAction(new Repair())
                .withMaxTransformations(20);
    }

    private static final class Submit implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            Arbitrary<Geometry> geometry = Combinators.combine(
                    Arbitraries.of(SHAPES).injectNull(0.3), Arbitraries.of(true, false), Arbitraries.of(Topology.class))
                    .as((shape, rotations, topology) -> shape == null ? Geometry.anyShape(topology)
                            : Geometry.box(shape, rotations, topology));
            return Combinators.combine(geometry, Arbitraries.integers().between(1, 4),
                            Arbitraries.integers().between(1, 60), Arbitraries.integers().between(0, 30),
                            Arbitraries.integers().between(0, 20))
                    .as((g, midplanes, run, slack, gap) -> Transformer.<Run>mutate(
                            "submit " + g + " of " + midplanes + " midplanes after " + gap + " s", r -> {
                                int size = (g.shape() == null ? midplanes : g.shape().volume()) * 512;
                                long t = r.now + gap;
                                r.advance(t, new Job(r.nextJob++, t, run, run + slack, size, -1, -1, -1, -1, -1, false, g));
                            }));
        }
    }

    private static final class Finish implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return run.nextFinish != Long.MAX_VALUE;
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            return Arbitraries.just(Transformer.mutate("advance to the next finish", r -> r.advance(r.nextFinish)));
        }
    }

    private static final class Fail implements Action.Independent<Run> {
        @Override
        public Arbitrary<Transformer<Run>> transformer() {
            return Combinators.combine(Arbitraries.of(COMPONENTS), Arbitraries.of(true, false))
                    .as((component, reported) -> Transformer.<Run>mutate(
                            (reported ? "report " : "hit the agents with ") + component + " down", r -> {
                                if (reported) {
                                    r.live.report(component, false);
                                } else {
                                    r.live.hitAgents(component, false);
                                    r.unannounced.add(component);
                                    r.live.quiesce();
                                }
                                r.unannounced.removeAll(r.live.recorded().machine().downComponents());
                                r.advance(r.now + 1);
                            }));
        }
    }

    private static final class Repair implements Action.Dependent<Run> {
        @Override
        public boolean precondition(Run run) {
            return !run.unannounced.isEmpty() || !run.live.recorded().machine().downComponents().isEmpty();
        }

        @Override
        public Arbitrary<Transformer<Run>> transformer(Run run) {
            TreeSet<String> down = new TreeSet<>(run.live.recorded().machine().downComponents());
            down.addAll(run.unannounced);
            return Arbitraries.of(List.copyOf(down)).map(component -> Transformer.mutate("repair " + component, r -> {
                r.live.report(component, true);
                r.unannounced.remove(component);
                r.advance(r.now + 1);
            }));
        }
    }
}

package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.bgctl.agents.NodeSetAgent;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.ContextSwitched;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.pfcfs.PreemptiveFcfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The steps the scheduler sends, as an agent sees them, on flat:10 under preemptive FCFS (x = 50%, δ = 0, n = 1):
 * every step is sent once, a healthy agent never lets a phase time out, a switch suspends exactly the jobs it
 * names and resumes them, and a refused switch undoes the suspensions that were granted. These are the tests the
 * mutation checks of docs/verification.md name.
 */
class ProtocolStepsTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString("""
            akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
            bgctl.scheduler.phase-timeout = 300ms
            """).withFallback(ConfigFactory.load()));
    private static final AtomicInteger RUNS = new AtomicInteger();

    @AfterAll
    static void shutdown() {
        KIT.shutdownTestKit();
    }

    /** A step as the agent received it. */
    record Step(String kind, long tx, long job) {
    }

    /** Records every step that reaches the agent, and may refuse the suspension of one job. */
    private static final class Recording extends BehaviorInterceptor<UnitProtocol.Command, UnitProtocol.Command> {
        private final List<Step> steps;
        private final long refuseSuspensionOf;

        Recording(List<Step> steps, long refuseSuspensionOf) {
            super(UnitProtocol.Command.class);
            this.steps = steps;
            this.refuseSuspensionOf = refuseSuspensionOf;
        }

        @Override
        public Behavior<UnitProtocol.Command> aroundReceive(TypedActorContext<UnitProtocol.Command> ctx,
                UnitProtocol.Command msg, ReceiveTarget<UnitProtocol.Command> target) {
            Step step = msg instanceof UnitProtocol.Reserve r ? new Step("Reserve", r.tx(), r.job())
                    : msg instanceof UnitProtocol.Commit c ? new Step("Commit", c.tx(), 0)
                    : msg instanceof UnitProtocol.Abort a ? new Step("Abort", a.tx(), 0)
                    : msg instanceof UnitProtocol.Release r ? new Step("Release", r.tx(), r.job())
                    : msg instanceof UnitProtocol.Suspend s ? new Step("Suspend", s.tx(), s.job())
                    : msg instanceof UnitProtocol.Resume r ? new Step("Resume", r.tx(), r.job())
                    : msg instanceof UnitProtocol.Checkpoint c ? new Step("Checkpoint", c.tx(), c.job())
                    : msg instanceof UnitProtocol.Restart r ? new Step("Restart", r.tx(), r.job())
                    : null;
            if (step != null) steps.add(step);
            if (msg instanceof UnitProtocol.Suspend s && s.job() == refuseSuspensionOf) {
                s.replyTo().tell(new UnitProtocol.SuspendRefused(FlatMachine.NODE_SET, s.tx(), s.job(), "cannot stop it"));
                return Behaviors.same();
            }
            return target.apply(ctx, msg);
        }
    }

    /** Jobs 1 and 2 (4 nodes each, 1000 s) run on flat:10. */
    private static SchedulerCore twoJobsRunning() {
        SchedulerCore core = new SchedulerCore(new PreemptiveFcfs(new GangSettings(50, 0, 100, 1, 0)), new FlatMachine(10));
        for (long j = 1; j <= 2; j++) {
            core.apply(new JobSubmitted(Job.of(j, 0, 1000, 1000, 4)));
            core.apply(new JobStarted(j, 0, FlatMachine.allocationOf(4)));
        }
        return core;
    }

    /** A scheduler and its node set, whose agent adopts the two running jobs first. */
    private record Run(ActorRef<SchedulerActor.Command> scheduler, ActorRef<UnitProtocol.Command> agent,
                       List<Step> steps, List<SchedulerEvent> events) {

        static Run start(long refuseSuspensionOf) {
            List<Step> steps = new CopyOnWriteArrayList<>();
            ActorRef<UnitProtocol.Command> agent = KIT.spawn(Behaviors.intercept(
                    () -> new Recording(steps, refuseSuspensionOf), NodeSetAgent.create(FlatMachine.NODE_SET, 10)));
            List<SchedulerEvent> events = new CopyOnWriteArrayList<>();
            ActorRef<SchedulerActor.Command> scheduler = KIT.spawn(SchedulerActor.create(
                    PersistenceId.ofUniqueId("steps-" + RUNS.incrementAndGet()), ProtocolStepsTest::twoJobsRunning,
                    unit -> agent, events::add, 64));
            return new Run(scheduler, agent, steps, events);
        }

        SchedulerActor.Settled advance(long t, List<Job> arrivals) {
            TestProbe<SchedulerActor.Settled> settled = KIT.createTestProbe();
            scheduler.tell(new SchedulerActor.Advance(t, arrivals, settled.ref()));
            return settled.receiveMessage();
        }

        UnitProtocol.Occupancy occupancy() {
            TestProbe<UnitProtocol.Occupancy> probe = KIT.createTestProbe();
            agent.tell(new UnitProtocol.GetOccupancy(probe.ref()));
            return probe.receiveMessage();
        }

        SchedulerActor.ProtocolStats stats() {
            TestProbe<SchedulerActor.ProtocolStats> probe = KIT.createTestProbe();
            scheduler.tell(new SchedulerActor.GetProtocolStats(probe.ref()));
            return probe.receiveMessage();
        }

        List<Step> of(String kind) {
            return steps.stream().filter(s -> s.kind().equals(kind)).toList();
        }
    }

    @Test
    void aSwitchSuspendsAndResumesExactlyTheJobsItNamesEachStepSentOnceAndNothingTimesOut() {
        Run run = Run.start(-1);
        // t=10: wide job 3 (5 nodes, 100 s) preempts job 1; t=110: job 3 ends and job 1 resumes
        run.advance(10, List.of(Job.of(3, 10, 100, 100, 5)));
        ContextSwitched in = (ContextSwitched) run.events().get(1);
        assertEquals(List.of(1L), in.suspended());
        assertEquals(List.of(1L), run.of("Suspend").stream().map(Step::job).toList(), "one Suspend, of job 1");
        assertEquals(new TreeSet<>(List.of(1L)), run.occupancy().suspended(), "the agent suspended job 1");

        run.advance(110, List.of());
        List<Long> resumed = run.events().stream().filter(e -> e instanceof ContextSwitched c && !c.resumed().isEmpty())
                .flatMap(e -> ((ContextSwitched) e).resumed().stream()).toList();
        assertEquals(List.of(1L), resumed, "the switch at 110 resumes job 1");
        assertEquals(List.of(1L), run.of("Resume").stream().map(Step::job).toList(), "one Resume, of job 1");
        assertEquals(new TreeSet<>(), run.occupancy().suspended(), "the agent resumed job 1");
        assertEquals(List.of(1L, 2L), List.copyOf(run.occupancy().running().keySet()));

        assertEquals(List.of(), duplicates(run.steps()), "a step sent twice");
        assertEquals(new SchedulerActor.ProtocolStats(0, 0, 0), run.stats(), "a healthy agent answers every step at once");
    }

    @Test
    void aRefusedSwitchResumesTheJobsItSuspendedAndRecordsNothing() {
        Run run = Run.start(2);
        // wide job 3 needs 9 nodes: the switch suspends jobs 1 and 2, and the agent refuses job 2
        run.advance(10, List.of(Job.of(3, 10, 1000, 1000, 9)));
        assertEquals(List.of(new JobSubmitted(Job.of(3, 10, 1000, 1000, 9))), run.events(),
                "nothing recorded but the submission");
        List<Step> suspends = run.of("Suspend");
        assertEquals(List.of(1L, 2L), suspends.stream().map(Step::job).toList());
        assertEquals(List.of(new Step("Resume", suspends.get(0).tx(), 1)), run.of("Resume"),
                "the undo resumes job 1, in the switch's transaction");
        UnitProtocol.Occupancy occupancy = run.occupancy();
        assertTrue(occupancy.suspended().isEmpty(), "no job stays suspended: " + occupancy);
        assertEquals(List.of(1L, 2L), List.copyOf(occupancy.running().keySet()));
        assertEquals(new SchedulerActor.ProtocolStats(0, 0, 1), run.stats(), "one switch undone");
    }

    private static List<Step> duplicates(List<Step> steps) {
        List<Step> seen = new ArrayList<>();
        List<Step> twice = new ArrayList<>();
        for (Step s : steps) {
            if (seen.contains(s)) twice.add(s);
            else seen.add(s);
        }
        return twice;
    }
}

package org.bgctl.scheduler;

import static org.bgctl.scheduler.Job.of;
import static org.bgctl.scheduler.TestEvents.started;
import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.LoggingTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.Done;
import akka.actor.typed.ActorRef;
import akka.actor.typed.javadsl.Behaviors;
import akka.pattern.StatusReply;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.agents.UnitProtocol.Abort;
import org.bgctl.agents.UnitProtocol.Adopt;
import org.bgctl.agents.UnitProtocol.Commit;
import org.bgctl.agents.UnitProtocol.NewRun;
import org.bgctl.agents.UnitProtocol.StepDone;
import org.bgctl.agents.UnitProtocol.Refused;
import org.bgctl.agents.UnitProtocol.Release;
import org.bgctl.agents.UnitProtocol.Reserve;
import org.bgctl.agents.UnitProtocol.Reserved;
import org.bgctl.agents.UnitProtocol.Step;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.SchedulerActor.Advance;
import org.bgctl.scheduler.SchedulerActor.Flush;
import org.bgctl.scheduler.SchedulerActor.Flushed;
import org.bgctl.scheduler.SchedulerActor.Settled;
import org.bgctl.scheduler.event.JobCancelled;
import org.bgctl.scheduler.event.JobFinished;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.ReservationPlaced;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Fcfs;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The event-sourced scheduler's protocol with the unit agents, played by test probes: reserve,
 * then commit or abort; Settled once everything due at an instant is done; recovery from the
 * (in-memory) journal re-adopts the running jobs on their units.
 */
class SchedulerActorTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString("""
            akka.persistence.journal.plugin = "akka.persistence.journal.inmem"
            akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
            """).withFallback(ConfigFactory.load()));

    private static final AtomicInteger IDS = new AtomicInteger();

    private final TestProbe<Settled> settled = KIT.createTestProbe();
    private final List<SchedulerEvent> sink = new CopyOnWriteArrayList<>();

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private static PersistenceId newId() {
        return PersistenceId.ofUniqueId("scheduler-" + IDS.incrementAndGet());
    }

    /**
     * A scheduler whose units are played by {@code units}. Each probe sees what the scheduler sends its unit but the
     * {@link NewRun} that begins every run of the scheduler (checked in {@link #everyRunBeginsByTellingTheUnits}).
     */
    private ActorRef<SchedulerActor.Command> spawn(PersistenceId id, Supplier<MachineModel> machine,
                                                   Map<String, TestProbe<UnitProtocol.Command>> units, int group) {
        Map<String, ActorRef<UnitProtocol.Command>> steps = new TreeMap<>();
        units.forEach((unit, probe) -> steps.put(unit, KIT.spawn(Behaviors.<UnitProtocol.Command>receiveMessage(m -> {
            if (!(m instanceof NewRun)) probe.getRef().tell(m);
            return Behaviors.same();
        }))));
        return KIT.spawn(SchedulerActor.create(id, () -> new SchedulerCore(new Fcfs(), machine.get()),
                steps::get, sink::add, group));
    }

    @Test
    void everyRunBeginsByTellingTheUnits() {
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        KIT.spawn(SchedulerActor.create(newId(), () -> new SchedulerCore(new Fcfs(), new FlatMachine(10)),
                unit -> ns.getRef(), sink::add, 0));
        ns.expectMessageClass(NewRun.class);
    }

    /** A scheduler on flat:10, whose node set is played by {@code ns}. */
    private ActorRef<SchedulerActor.Command> spawnFlat(PersistenceId id, TestProbe<UnitProtocol.Command> ns, int group) {
        return spawn(id, () -> new FlatMachine(10), Map.of(FlatMachine.NODE_SET, ns), group);
    }

    /** Expects a Reserve of {@code nodes} nodes for {@code job} on the node set, grants it, expects its Commit. */
    private static void grant(TestProbe<UnitProtocol.Command> ns, long job, int nodes) {
        Reserve r = reserveFor(ns, job, nodes);
        r.replyTo().tell(new Reserved(FlatMachine.NODE_SET, r.tx()));
        commits(ns, FlatMachine.NODE_SET, r.tx());
    }

    /** Expects the Commit of transaction {@code tx} at {@code unit} and says it is done. */
    private static void commits(TestProbe<UnitProtocol.Command> probe, String unit, long tx) {
        Commit c = probe.expectMessageClass(Commit.class);
        assertEquals(tx, c.tx(), "transaction");
        c.replyTo().tell(new StepDone(unit, Step.COMMIT, tx, 0));
    }

    /** Expects the Abort of transaction {@code tx} at {@code unit} and says it is done. */
    private static void aborts(TestProbe<UnitProtocol.Command> probe, String unit, long tx) {
        Abort a = probe.expectMessageClass(Abort.class);
        assertEquals(tx, a.tx(), "transaction");
        a.replyTo().tell(new StepDone(unit, Step.ABORT, tx, 0));
    }

    /** Expects the Release of job {@code job} at {@code unit} and says it is done. */
    private static void releases(TestProbe<UnitProtocol.Command> probe, String unit, long job) {
        Release r = probe.expectMessageClass(Release.class);
        assertEquals(job, r.job(), "job");
        r.replyTo().tell(new StepDone(unit, Step.RELEASE, r.tx(), job));
    }

    private static Reserve reserveFor(TestProbe<UnitProtocol.Command> unit, long job, int nodes) {
        Reserve r = unit.expectMessageClass(Reserve.class);
        assertEquals(job, r.job(), "job");
        assertEquals(nodes, ((NodeClaim) r.claim()).nodes(), "nodes");
        return r;
    }

    @Test
    void grantedReservationsAreCommittedAndTheInstantSettles() {
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> scheduler = spawnFlat(newId(), ns, 0);
        Job job = of(1, 0, 100, 150, 4);

        scheduler.tell(new Advance(0, List.of(job), settled.getRef()));
        Reserve r = reserveFor(ns, 1, 4);
        settled.expectNoMessage(Duration.ofMillis(100));
        r.replyTo().tell(new Reserved(FlatMachine.NODE_SET, r.tx()));

        commits(ns, FlatMachine.NODE_SET, r.tx());
        // Settled: time 0, next real end 100, nothing queued, one job running.
        settled.expectMessage(new Settled(0, 100, 0, 1));
        assertEquals(List.of(new JobSubmitted(job), started(1, 0, 4)), sink);
    }

    @Test
    void aRefusalAbortsTheUnitsThatReservedAndTheJobStaysQueued() {
        TestProbe<UnitProtocol.Command> a = KIT.createTestProbe();
        TestProbe<UnitProtocol.Command> b = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> scheduler = spawn(newId(), () -> new TwoUnitMachine(5),
                Map.of(TwoUnitMachine.A, a, TwoUnitMachine.B, b), 0);
        Job job = of(1, 0, 100, 100, 4);

        LoggingTestKit.warn("it stays queued").expect(KIT.system(), () -> {
            scheduler.tell(new Advance(0, List.of(job), settled.getRef()));
            Reserve ra = reserveFor(a, 1, 2);
            Reserve rb = reserveFor(b, 1, 2);
            ra.replyTo().tell(new Reserved(TwoUnitMachine.A, ra.tx()));
            rb.replyTo().tell(new Refused(TwoUnitMachine.B, rb.tx(), "unit under repair"));
            aborts(a, TwoUnitMachine.A, ra.tx());
            // Settled all the same: nothing running, job 1 still queued, no end in sight.
            settled.expectMessage(new Settled(0, Long.MAX_VALUE, 1, 0));
            return null;
        });
        b.expectNoMessage(Duration.ofMillis(100));
        assertEquals(List.of(new JobSubmitted(job)), sink);

        // The next instant tries again, in a new transaction, and both units agree.
        scheduler.tell(new Advance(5, List.of(), settled.getRef()));
        Reserve ra = reserveFor(a, 1, 2);
        Reserve rb = reserveFor(b, 1, 2);
        ra.replyTo().tell(new Reserved(TwoUnitMachine.A, ra.tx()));
        rb.replyTo().tell(new Reserved(TwoUnitMachine.B, rb.tx()));
        commits(a, TwoUnitMachine.A, ra.tx());
        commits(b, TwoUnitMachine.B, rb.tx());
        settled.expectMessage(new Settled(5, 105, 0, 1));
        assertEquals(List.of(new JobSubmitted(job), new JobStarted(1, 5, new Allocation("",
                List.of(new NodeClaim(TwoUnitMachine.A, 2), new NodeClaim(TwoUnitMachine.B, 2))))), sink);
    }

    @Test
    void afterARestartTheJournalRebuildsTheStateAndTheUnitsAdoptRunningJobs() {
        PersistenceId id = newId();
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> first = spawnFlat(id, ns, 0);

        // t=0: job 1 (4 nodes, to 100) starts; job 2 (8 nodes) waits.
        first.tell(new Advance(0, List.of(of(1, 0, 100, 100, 4), of(2, 0, 50, 50, 8)), settled.getRef()));
        grant(ns, 1, 4);
        settled.expectMessage(new Settled(0, 100, 1, 1));
        KIT.stop(first);

        sink.clear();
        ActorRef<SchedulerActor.Command> second = spawnFlat(id, ns, 0);
        ns.expectMessage(new Adopt(1, new NodeClaim(FlatMachine.NODE_SET, 4)));

        // The recovered state knows job 1 runs to 100 and job 2 waits for it.
        second.tell(new Advance(100, List.of(), settled.getRef()));
        releases(ns, FlatMachine.NODE_SET, 1);
        grant(ns, 2, 8);
        settled.expectMessage(new Settled(100, 150, 0, 1));
        assertEquals(List.of(new JobFinished(1, 100), started(2, 100, 8)), sink);
    }

    @Test
    void resyncTellsTheUnitsAgainWhatRunsOnThem() {
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> scheduler = spawnFlat(newId(), ns, 0);
        scheduler.tell(new Advance(0, List.of(of(1, 0, 100, 100, 4)), settled.getRef()));
        grant(ns, 1, 4);
        settled.expectMessage(new Settled(0, 100, 0, 1));

        scheduler.tell(new SchedulerActor.Resync());
        ns.expectMessage(new Adopt(1, new NodeClaim(FlatMachine.NODE_SET, 4)));
        ns.expectNoMessage(Duration.ofMillis(100));
    }

    @Test
    void groupedJournalingWritesOnFlushAndARestartRecoversWhatWasFlushed() {
        PersistenceId id = newId();
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> first = spawnFlat(id, ns, 64);

        first.tell(new Advance(0, List.of(of(1, 0, 100, 100, 4)), settled.getRef()));
        grant(ns, 1, 4);
        settled.expectMessage(new Settled(0, 100, 0, 1));

        TestProbe<Flushed> flushed = KIT.createTestProbe();
        first.tell(new Flush(flushed.getRef()));
        flushed.expectMessage(new Flushed(2)); // submitted + started
        KIT.stop(first);

        spawnFlat(id, ns, 64);
        ns.expectMessage(new Adopt(1, new NodeClaim(FlatMachine.NODE_SET, 4)));
    }

    @Test
    void cancellingDropsAQueuedJobStopsARunningOneAndSurvivesARestart() {
        PersistenceId id = newId();
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        TestProbe<StatusReply<Done>> reply = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> first = spawnFlat(id, ns, 0);
        first.tell(new Advance(0, List.of(of(1, 0, 100, 100, 8), of(2, 0, 50, 50, 8)), settled.getRef()));
        grant(ns, 1, 8);
        settled.expectMessage(new Settled(0, 100, 1, 1));

        first.tell(new SchedulerActor.Cancel(2, reply.getRef()));
        assertEquals(StatusReply.ack(), reply.receiveMessage());
        first.tell(new SchedulerActor.Cancel(1, reply.getRef()));
        releases(ns, FlatMachine.NODE_SET, 1);
        assertEquals(StatusReply.ack(), reply.receiveMessage());
        first.tell(new SchedulerActor.Cancel(1, reply.getRef()));
        assertEquals("job 1 is neither queued nor running", reply.receiveMessage().getError().getMessage());
        assertEquals(List.of(new JobCancelled(2, 0), new JobCancelled(1, 0)), sink.subList(3, 5));
        KIT.stop(first);

        // Recovered: nothing to adopt, nothing queued; the whole machine is free for job 3.
        ActorRef<SchedulerActor.Command> second = spawnFlat(id, ns, 0);
        second.tell(new Advance(1, List.of(of(3, 1, 10, 10, 10)), settled.getRef()));
        grant(ns, 3, 10);
        settled.expectMessage(new Settled(1, 11, 0, 1));
    }

    @Test
    void aReservationWhoseWindowEndedBeforeItsStampIsRefusedAndNothingIsRecorded() {
        TestProbe<UnitProtocol.Command> ns = KIT.createTestProbe();
        TestProbe<StatusReply<Done>> reply = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> scheduler = spawnFlat(newId(), ns, 0);
        // no instant has run yet (the scheduler's now is 0): the operator's request arrives at second 2000
        scheduler.tell(new SchedulerActor.PlaceReservation(new Reservation("past", 0, 1, 10, List.of(), true), 2000,
                reply.getRef()));
        assertEquals("reservation 'past' ends at 1, not after now (2000)",
                reply.receiveMessage().getError().getMessage());
        scheduler.tell(new SchedulerActor.PlaceReservation(new Reservation("later", 0, 2001, 10, List.of(), true),
                2000, reply.getRef()));
        assertEquals(StatusReply.ack(), reply.receiveMessage());
        assertEquals(List.of(new ReservationPlaced(new Reservation("later", 0, 2001, 10, List.of(), true), 2000)),
                sink);
    }

    @Test
    void aPreemptiveSchedulerRefusesAnOperatorsFaultAndRecordsNothing() {
        TestProbe<StatusReply<Done>> reply = KIT.createTestProbe();
        ActorRef<SchedulerActor.Command> scheduler = KIT.spawn(SchedulerActor.create(newId(),
                () -> new SchedulerCore(Policies.create("pfcfs"), new FlatMachine(10)),
                unit -> KIT.<UnitProtocol.Command>createTestProbe().getRef(), sink::add, 0));
        for (boolean up : new boolean[] {false, true}) {
            scheduler.tell(new SchedulerActor.SetComponentHealth("node-0", up, 5, reply.getRef()));
            Throwable refused = reply.receiveMessage().getError();
            assertEquals("faults: not supported with scheduler pfcfs, whose suspended jobs lend their nodes to the"
                    + " running gang; use another scheduler", refused.getMessage());
            assertEquals("scheduler", ((Refusal) refused).field(), "the field the API's 409 names");
        }
        assertEquals(List.of(), sink);
    }
}

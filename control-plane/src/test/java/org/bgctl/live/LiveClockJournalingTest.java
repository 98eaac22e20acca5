package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.bgctl.agents.UnitAgents;
import org.bgctl.clock.JobSpec;
import org.bgctl.clock.Lateness;
import org.bgctl.clock.Pacing;
import org.bgctl.clock.RunClock;
import org.bgctl.clock.TimeScale;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Arrivals;
import org.bgctl.scheduler.HealthChanges;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.SchedulerCore;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.JobStarted;
import org.bgctl.scheduler.event.JobSubmitted;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.Fcfs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Group commit of the clock in scaled time and the write-ahead scheduler, on a journal whose writes the test holds:
 * submissions that arrive while a write is under way all go into the next write, as one atomic batch,
 * and none is acknowledged before the write that holds it has completed; submissions that arrive within
 * the submit linger of the first go together too.
 */
class LiveClockJournalingTest {

    private static final ActorTestKit KIT = ActorTestKit.create(ConfigFactory.parseString(HeldJournal.CONFIG
            + "bgctl.live.submit-linger = 0\n").withFallback(ConfigFactory.load()));
    private static final Duration LINGER = Duration.ofMillis(50);
    private static final ActorTestKit LINGERING = ActorTestKit.create(ConfigFactory.parseString(HeldJournal.CONFIG
            + "bgctl.live.submit-linger = " + LINGER.toMillis() + "ms\n").withFallback(ConfigFactory.load()));
    private static final Duration QUIET = Duration.ofMillis(300);

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
        LINGERING.shutdownTestKit();
    }

    @Test
    void submissionsArrivingDuringAWriteAreJournaledTogetherAndAcknowledgedOnlyOnceWritten() throws Exception {
        // The wall clock stands still half a second into virtual second 0: every submission is stamped 0.
        ActorRef<RunClock.Command> clock = clock(KIT, "group-commit", () -> 500_000_000L);

        TestProbe<RunClock.Submitted> first = KIT.createTestProbe();
        clock.tell(new RunClock.Submit(spec(), first.getRef()));
        HeldJournal.Write firstWrite = nextWrite();
        assertEquals(List.of(1L), submittedIn(firstWrite));

        List<TestProbe<RunClock.Submitted>> during = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            TestProbe<RunClock.Submitted> p = KIT.createTestProbe();
            clock.tell(new RunClock.Submit(spec(), p.getRef()));
            during.add(p);
        }
        first.expectNoMessage(QUIET);
        assertNull(HeldJournal.WRITES.poll(), "nothing else is written while the first write is under way");

        firstWrite.complete();
        first.expectMessage(new RunClock.Submitted(1, 0));
        HeldJournal.Write second = nextWrite();
        assertEquals(List.of(2L, 3L, 4L), submittedIn(second), "the three go in the next write, together");
        for (TestProbe<RunClock.Submitted> p : during) p.expectNoMessage(Duration.ofMillis(100));

        second.complete();
        for (int i = 0; i < during.size(); i++) during.get(i).expectMessage(new RunClock.Submitted(2 + i, 0));
        assertNull(HeldJournal.WRITES.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS), "two writes in all");
    }

    @Test
    void submissionsArrivingWithinTheLingerOfTheFirstGoInOneWrite() throws Exception {
        AtomicLong wall = new AtomicLong(500_000_000L);
        ActorRef<RunClock.Command> clock = clock(LINGERING, "linger", wall::get);
        List<TestProbe<RunClock.Submitted>> probes = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            TestProbe<RunClock.Submitted> p = LINGERING.createTestProbe();
            clock.tell(new RunClock.Submit(spec(), p.getRef()));
            probes.add(p);
        }
        assertNull(HeldJournal.WRITES.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS),
                "nothing is released while the wall clock stands within the first submission's linger");

        wall.addAndGet(LINGER.toNanos());
        HeldJournal.Write write = nextWrite();
        assertEquals(List.of(1L, 2L, 3L), submittedIn(write), "the linger over, the three go in one write");
        write.complete();
        for (int i = 0; i < probes.size(); i++) probes.get(i).expectMessage(new RunClock.Submitted(1 + i, 0));
        assertNull(HeldJournal.WRITES.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS), "one write in all");
    }

    /** A scheduler on flat:64 with write-ahead journaling and its clock, serving in scaled time, reading the wall clock {@code wall}. */
    private static ActorRef<RunClock.Command> clock(ActorTestKit kit, String id, LongSupplier wall) {
        FlatMachine machine = new FlatMachine(64);
        ActorRef<UnitProtocol.Command> nodeSet = kit.spawn(UnitAgents.forUnit(machine, FlatMachine.NODE_SET));
        ActorRef<SchedulerActor.Command> scheduler = kit.spawn(SchedulerActor.create(
                PersistenceId.ofUniqueId(id), () -> new SchedulerCore(new Fcfs(), new FlatMachine(64)),
                unit -> nodeSet, Collections.synchronizedList(new ArrayList<SchedulerEvent>())::add, 0));
        TimeScale scale = new TimeScale(0, 0, 1);
        return kit.spawn(RunClock.create(scheduler,
                RunClock.Inputs.serving(new Arrivals(Collections.emptyIterator()), HealthChanges.NONE,
                        Optional.empty(), 1),
                Pacing.scaled(scale, wall, new Lateness()), new CompletableFuture<>()));
    }

    private static JobSpec spec() {
        return new JobSpec(4, Geometry.ANY, 100, 100);
    }

    private static HeldJournal.Write nextWrite() throws InterruptedException {
        HeldJournal.Write w = HeldJournal.WRITES.poll(5, TimeUnit.SECONDS);
        assertNotNull(w, "a write");
        return w;
    }

    /** The jobs a write submits; it must be one atomic write of one batch that also starts them. */
    private static List<Long> submittedIn(HeldJournal.Write w) {
        assertEquals(1, w.atomicWrites().size(), "one atomic write");
        assertEquals(1, w.atomicWrites().get(0).size(), "one batch");
        List<Long> submitted = new ArrayList<>();
        List<Long> started = new ArrayList<>();
        for (SchedulerEvent e : ((EventBatch) w.atomicWrites().get(0).get(0)).events()) {
            if (e instanceof JobSubmitted s) submitted.add(s.jobId());
            if (e instanceof JobStarted s) started.add(s.jobId());
        }
        assertEquals(submitted, started, "each job is started in the same write that submits it");
        return submitted;
    }
}

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
import java.util.concurrent.TimeUnit;
import org.bgctl.agents.UnitAgents;
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
 * Group commit of the live clock and the write-ahead scheduler, on a journal whose writes the test holds:
 * submissions that arrive while a write is under way all go into the next write, as one atomic batch,
 * and none is acknowledged before the write that holds it has completed.
 */
class LiveClockJournalingTest {

    private static final ActorTestKit KIT = ActorTestKit.create(
            ConfigFactory.parseString(HeldJournal.CONFIG).withFallback(ConfigFactory.load()));
    private static final Duration QUIET = Duration.ofMillis(300);

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    @Test
    void submissionsArrivingDuringAWriteAreJournaledTogetherAndAcknowledgedOnlyOnceWritten() throws Exception {
        FlatMachine machine = new FlatMachine(64);
        ActorRef<UnitProtocol.Command> nodeSet = KIT.spawn(UnitAgents.forUnit(machine, FlatMachine.NODE_SET));
        ActorRef<SchedulerActor.Command> scheduler = KIT.spawn(SchedulerActor.create(
                PersistenceId.ofUniqueId("group-commit"), () -> new SchedulerCore(new Fcfs(), new FlatMachine(64)),
                unit -> nodeSet, Collections.synchronizedList(new ArrayList<SchedulerEvent>())::add, 0));
        // The wall clock stands still half a second into virtual second 0: every submission is stamped 0.
        TimeScale scale = new TimeScale(0, 0, 1);
        ActorRef<LiveClock.Command> clock = KIT.spawn(LiveClock.create(scheduler,
                new LiveClock.Inputs(new Arrivals(Collections.emptyIterator()), HealthChanges.NONE, false), scale,
                () -> 500_000_000L, 1, new Lateness()));

        TestProbe<LiveClock.Submitted> first = KIT.createTestProbe();
        clock.tell(new LiveClock.Submit(spec(), first.getRef()));
        HeldJournal.Write firstWrite = nextWrite();
        assertEquals(List.of(1L), submittedIn(firstWrite));

        List<TestProbe<LiveClock.Submitted>> during = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            TestProbe<LiveClock.Submitted> p = KIT.createTestProbe();
            clock.tell(new LiveClock.Submit(spec(), p.getRef()));
            during.add(p);
        }
        first.expectNoMessage(QUIET);
        assertNull(HeldJournal.WRITES.poll(), "nothing else is written while the first write is under way");

        firstWrite.complete();
        first.expectMessage(new LiveClock.Submitted(1, 0));
        HeldJournal.Write second = nextWrite();
        assertEquals(List.of(2L, 3L, 4L), submittedIn(second), "the three go in the next write, together");
        for (TestProbe<LiveClock.Submitted> p : during) p.expectNoMessage(Duration.ofMillis(100));

        second.complete();
        for (int i = 0; i < during.size(); i++) during.get(i).expectMessage(new LiveClock.Submitted(2 + i, 0));
        assertNull(HeldJournal.WRITES.poll(QUIET.toMillis(), TimeUnit.MILLISECONDS), "two writes in all");
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

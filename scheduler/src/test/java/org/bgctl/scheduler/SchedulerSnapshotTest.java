package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorRef;
import akka.japi.Pair;
import akka.persistence.testkit.PersistenceTestKitPlugin;
import akka.persistence.testkit.PersistenceTestKitSnapshotPlugin;
import akka.persistence.testkit.ProcessingSuccess;
import akka.persistence.testkit.ReadEvents;
import akka.persistence.testkit.SnapshotMeta;
import akka.persistence.testkit.javadsl.PersistenceTestKit;
import akka.persistence.testkit.javadsl.SnapshotTestKit;
import akka.persistence.typed.PersistenceId;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.bgctl.agents.UnitAgents;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.event.SchedulerEvent;
import org.bgctl.scheduler.policy.EasyBackfill;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * With {@code bgctl.scheduler.snapshot-every} small, the scheduler saves snapshots as it journals; stopped and
 * started again it recovers from the latest snapshot, reading only the journal entries written after it, and
 * goes on to the same schedule as the direct executor.
 */
class SchedulerSnapshotTest {

    private static final ActorTestKit KIT = ActorTestKit.create(PersistenceTestKitPlugin.getInstance().config()
            .withFallback(PersistenceTestKitSnapshotPlugin.getInstance().config())
            .withFallback(ConfigFactory.parseString("bgctl.scheduler.snapshot-every = 5"))
            .withFallback(ConfigFactory.load()));

    private static final PersistenceTestKit JOURNAL = PersistenceTestKit.create(KIT.system());
    private static final SnapshotTestKit SNAPSHOTS = SnapshotTestKit.create(KIT.system());

    private final MachineModel layout = new FlatMachine(32);
    private final Map<String, ActorRef<UnitProtocol.Command>> agents = new TreeMap<>();
    private final List<SchedulerEvent> events = new CopyOnWriteArrayList<>();
    private long nextFinish = Long.MAX_VALUE;

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private static List<Job> jobs() {
        Random rnd = new Random(3);
        List<Job> jobs = new ArrayList<>();
        long t = 0;
        for (int i = 1; i <= 120; i++) {
            t += rnd.nextInt(200);
            long run = rnd.nextInt(3000);
            jobs.add(Job.of(i, t, run, run + rnd.nextInt(2000), 1 + rnd.nextInt(24)));
        }
        return jobs;
    }

    private ActorRef<SchedulerActor.Command> spawnScheduler(PersistenceId id) {
        return KIT.spawn(SchedulerActor.create(id, () -> new SchedulerCore(new EasyBackfill(), layout.copy()),
                agents::get, events::add, 0));
    }

    /** The test as the clock: releases every instant up to {@code until}, each once the one before settled. */
    private void drive(ActorRef<SchedulerActor.Command> scheduler, Arrivals arrivals, long until) {
        TestProbe<SchedulerActor.Settled> settled = KIT.createTestProbe();
        while (true) {
            long t = Math.min(arrivals.nextTime(), nextFinish);
            if (t == Long.MAX_VALUE || t > until) return;
            scheduler.tell(new SchedulerActor.Advance(t, arrivals.takeAt(t), settled.getRef()));
            nextFinish = settled.receiveMessage(Duration.ofSeconds(5)).nextFinish();
        }
    }

    @Test
    void aRestartedSchedulerRecoversFromItsLatestSnapshotAndGoesOnToTheSameSchedule() {
        for (String unit : layout.units()) agents.put(unit, KIT.spawn(UnitAgents.forUnit(layout, unit)));
        List<Job> jobs = jobs();
        List<SchedulerEvent> direct = new ArrayList<>();
        new DirectExecutor(new SchedulerCore(new EasyBackfill(), layout.copy()), direct::add)
                .run(new Arrivals(jobs.iterator()));

        PersistenceId id = PersistenceId.ofUniqueId("snapshots-" + System.identityHashCode(this));
        Arrivals arrivals = new Arrivals(jobs.iterator());
        ActorRef<SchedulerActor.Command> first = spawnScheduler(id);
        drive(first, arrivals, jobs.get(jobs.size() / 2).submit());
        KIT.stop(first);

        int entries = JOURNAL.persistedInStorage(id.id()).size();
        assertTrue(entries > 10, "entries journaled: " + entries);
        // The older snapshots are deleted after the newer are saved, asynchronously: wait for the deletions.
        List<Pair<SnapshotMeta, Object>> snapshots = KIT.createTestProbe().awaitAssert(Duration.ofSeconds(10), () -> {
            List<Pair<SnapshotMeta, Object>> kept = SNAPSHOTS.persistedInStorage(id.id());
            assertTrue(!kept.isEmpty() && kept.size() <= 2, "the two latest snapshots are kept: " + kept.size());
            return kept;
        });
        long latest = snapshots.get(snapshots.size() - 1).first().sequenceNr();
        assertTrue(latest > entries - 5, "a snapshot every 5 entries; the latest at " + latest + " of " + entries);

        AtomicInteger replayed = new AtomicInteger();
        JOURNAL.withPolicy((persistenceId, operation) -> {
            if (operation instanceof ReadEvents read) replayed.addAndGet(read.getBatch().size());
            return ProcessingSuccess.getInstance();
        });
        ActorRef<SchedulerActor.Command> second = spawnScheduler(id);
        drive(second, arrivals, Long.MAX_VALUE);
        JOURNAL.resetPolicy();

        assertEquals(entries - latest, replayed.get(), "only the entries after the snapshot are read");
        assertEquals(direct, events);
    }
}

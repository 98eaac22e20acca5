package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import org.bgctl.faults.FaultPlan;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Chaos mode on bgl: the first jobs of the CTC SP2 excerpt, one CTC node per midplane, with agent messages
 * dropped, duplicated and delayed. The run completes, every job ends exactly once, the journal passes the audit,
 * summary.json counts what was injected, and the same seed perturbs the same messages.
 */
class ChaosReplayTest {

    private static final TraceSource CTC = new TraceSource(null, "/traces/ctc-sp2-excerpt.swf");
    private static final Chaos CHAOS = Chaos.parse("drop=0.02,duplicate=0.02,delay=0.1");
    private static final WorkloadOptions MIDPLANES = WorkloadOptions.builder().firstJobs(60).geometry(
            new GeometryOptions(SizeUnit.UNITS, ShapeRule.FREE, 0, false, true, 0, GeometryOptions.DEFAULT_SEED)).build();

    private static ReplayResult replay(String scheduler, long seed, Path out) throws Exception {
        return Replay.run(new ReplaySpec(CTC, "bgl", scheduler, MIDPLANES, false, out, JournalKind.H2,
                ExecutorKind.ACTORS, SchedulerSettings.defaults(), FaultPlan.NONE, CHAOS, seed),
                Progress.none(), Duration.ofHours(1));
    }

    @ParameterizedTest
    @ValueSource(strings = {"easy", "pfcfs"})
    void underChaosEveryJobEndsOnceAndTheJournalPassesTheAudit(String scheduler, @TempDir Path dir) throws Exception {
        ReplayResult result = replay(scheduler, 7, dir);

        List<String> csv = Runs.lines(dir.resolve("jobs.csv"));
        List<String> ids = csv.subList(1, csv.size()).stream().map(l -> l.split(",")[0]).toList();
        assertEquals(((Number) result.summary().get("jobs")).longValue(), ids.size(), "every job has one row");
        assertTrue(ids.size() > 50, "the jobs that fit the machine: " + ids.size());
        assertEquals(ids.size(), new TreeSet<>(ids).size(), "no job twice");
        assertEquals(0, ((Number) result.summary().get("jobs_never_started")).longValue(), "every job ran");

        RecordedRun audit = new RecordedRun(MachineCatalog.create("bgl"));
        JournalReader.read(dir, audit);
        assertEquals(List.of(), audit.violations());
        assertEquals(audit.started(), audit.ended(), "every job that started ended");
        Runs.assertJournalRebuildsJobsCsv(dir);

        Map<?, ?> chaos = (Map<?, ?>) result.summary().get("chaos");
        for (String injected : new String[] {"dropped", "duplicated", "delayed", "timeouts"})
            assertTrue(((Number) chaos.get(injected)).longValue() > 0, injected + ": " + chaos);
        assertEquals(7L, ((Number) chaos.get("seed")).longValue());
        assertEquals(0.02, ((Number) chaos.get("drop")).doubleValue());
    }

    /**
     * A chaos timeout costs about the 50 ms it says: the protocol's timer ticks four times per phase timeout, and on
     * Akka's default 10 ms scheduler tick each of those ticks took about 40 ms, so every timeout cost about 200 ms of
     * wall time and a 300-job replay on bgl waited minutes with its CPU idle.
     */
    @Test
    void chaosModeSchedulesTimersFineEnoughForItsPhaseTimeout() {
        Config chaos = ActorReplay.chaosConfig(ConfigFactory.load(), true);
        Duration phase = chaos.getDuration("bgctl.scheduler.phase-timeout");
        Duration tick = chaos.getDuration("akka.scheduler.tick-duration");
        assertEquals(Duration.ofMillis(50), phase);
        assertTrue(tick.multipliedBy(20).compareTo(phase) <= 0, "a tick of " + tick + " for a timeout of " + phase);
        assertEquals(ConfigFactory.load().getDuration("akka.scheduler.tick-duration"),
                ActorReplay.chaosConfig(ConfigFactory.load(), false).getDuration("akka.scheduler.tick-duration"));
    }

    @Test
    void theSameSeedPerturbsTheSameMessagesAndGivesTheSameSchedule(@TempDir Path dir) throws Exception {
        ReplayResult a = replay("easy", 11, dir.resolve("a"));
        ReplayResult b = replay("easy", 11, dir.resolve("b"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("a/jobs.csv")), Files.readAllBytes(dir.resolve("b/jobs.csv")));
        Map<?, ?> chaosA = (Map<?, ?>) a.summary().get("chaos");
        Map<?, ?> chaosB = (Map<?, ?>) b.summary().get("chaos");
        for (String key : new String[] {"dropped", "duplicated", "delayed"})
            assertEquals(chaosA.get(key), chaosB.get(key), key);
    }

    @Test
    void chaosSettingsAreCheckedAndNeedTheActors() {
        assertEquals(new Chaos(0.01, 0, 0.05), Chaos.parse("drop=0.01, delay=0.05"));
        assertEquals(Chaos.NONE, Chaos.parse("none"));
        assertEquals("chaos: unknown setting 'lose'; known: drop, duplicate, delay",
                assertThrows(IllegalArgumentException.class, () -> Chaos.parse("lose=0.1")).getMessage());
        assertEquals("chaos: drop must be a probability in [0, 1], was 1.5",
                assertThrows(IllegalArgumentException.class, () -> Chaos.parse("drop=1.5")).getMessage());
        assertEquals("chaos: drop must be below 1: with every message lost no step is ever answered, and the run"
                + " would never end", assertThrows(IllegalArgumentException.class, () -> Chaos.parse("drop=1")).getMessage());
        assertEquals("chaos: drop is given twice ('drop=0.1,drop=0.2')",
                assertThrows(IllegalArgumentException.class, () -> Chaos.parse("drop=0.1,drop=0.2")).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> new ReplaySpec(CTC, "bgl", "easy", MIDPLANES,
                false, Path.of("x"), JournalKind.MEMORY, ExecutorKind.DIRECT, SchedulerSettings.defaults(),
                FaultPlan.NONE, CHAOS, 7)).getMessage().contains("actors executor"));
    }
}

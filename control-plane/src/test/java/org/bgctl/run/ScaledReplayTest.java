package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.OptionalDouble;
import org.bgctl.journal.JournalKind;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace replayed on the scaled clock ({@code replay --speed K}) releases the virtual replay's instants in the same
 * order, each when its virtual second begins on the wall clock: while the clock keeps up, its jobs.csv, schedule.swf
 * and summary.json (all but its {@code run} object) are the virtual replay's byte for byte, and its {@code run} object
 * reports the clock's lateness.
 */
class ScaledReplayTest {

    private static final WorkloadOptions FIRST_60 = WorkloadOptions.builder().firstJobs(60).build();
    /** The first 60 jobs of the NASA excerpt span about 42,000 virtual seconds: about 2 s of wall time. */
    private static final double SPEED = 20_000;

    @Test
    void aScaledReplayWritesTheVirtualReplaysOutputs(@TempDir Path dir) throws Exception {
        Path virtual = dir.resolve("virtual");
        Path scaled = dir.resolve("scaled");
        Replay.run(spec(virtual, ExecutorKind.ACTORS), ActorHost.LOCAL, OptionalDouble.empty(), Progress.none(),
                Duration.ofHours(1));
        ReplayResult result = Replay.run(spec(scaled, ExecutorKind.ACTORS), ActorHost.LOCAL, OptionalDouble.of(SPEED),
                Progress.none(), Duration.ofHours(1));

        Runs.assertSameOutputs(virtual, scaled);
        JsonNode run = new ObjectMapper().readTree(scaled.resolve("summary.json").toFile()).get("run");
        assertEquals("scaled", run.get("clock").asText());
        assertEquals(SPEED, run.get("speed").asDouble());
        assertTrue(run.get("timed_events").asLong() > 0, run.toString());
        assertTrue(run.get("lateness_max_ms").asDouble() >= run.get("lateness_p99_ms").asDouble(), run.toString());
        assertTrue(run.get("lateness_p99_ms").asDouble() >= run.get("lateness_p50_ms").asDouble(), run.toString());
        long span = result.jobs().lastTime()
                - result.metrics().firstSubmit();
        assertTrue(run.get("wall_s").asDouble() >= span / SPEED * 0.99,
                "paced: " + span + " virtual seconds at " + SPEED + " per second took " + run.get("wall_s"));
        assertEquals("virtual", new ObjectMapper().readTree(virtual.resolve("summary.json").toFile()).get("run")
                .get("clock").asText());
    }

    /**
     * With {@code bgctl.clock.longest-timer} at 20 ms, most waits of the clock (hundreds of ms) are reached through
     * chained timers, as a wait of more than Akka's 24.8 days is at --speed 1: the run is paced and writes the
     * virtual run's outputs all the same.
     */
    @Test
    void waitsLongerThanTheLongestTimerAreReachedThroughChainedTimers(@TempDir Path dir) throws Exception {
        Path virtual = dir.resolve("virtual");
        Path scaled = dir.resolve("scaled");
        Replay.run(spec(virtual, ExecutorKind.ACTORS), ActorHost.LOCAL, OptionalDouble.empty(), Progress.none(),
                Duration.ofHours(1));
        System.setProperty("bgctl.clock.longest-timer", "20ms");
        ConfigFactory.invalidateCaches();
        try {
            Replay.run(spec(scaled, ExecutorKind.ACTORS), ActorHost.LOCAL, OptionalDouble.of(SPEED), Progress.none(),
                    Duration.ofHours(1));
        } finally {
            System.clearProperty("bgctl.clock.longest-timer");
            ConfigFactory.invalidateCaches();
        }
        Runs.assertSameOutputs(virtual, scaled);
        JsonNode run = new ObjectMapper().readTree(scaled.resolve("summary.json").toFile()).get("run");
        assertTrue(run.get("wall_s").asDouble() >= 1.5, "paced: " + run);
    }

    @Test
    void theDirectExecutorHasNoClockToPace(@TempDir Path dir) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Replay.run(
                spec(dir, ExecutorKind.DIRECT), ActorHost.LOCAL, OptionalDouble.of(SPEED), Progress.none(),
                Duration.ofHours(1)));
        assertTrue(e.getMessage().contains("direct executor"), e.getMessage());
    }

    private static ReplaySpec spec(Path out, ExecutorKind executor) {
        return new ReplaySpec(Runs.NASA, "flat:128", "easy", FIRST_60, false, out, JournalKind.MEMORY, executor);
    }
}

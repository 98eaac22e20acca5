package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Replays of the SDSC excerpt with a maintenance window: the actors and the direct executor agree, no job holds
 * nodes in the window, and summary.json reports what the window cost.
 */
class ReservationReplayTest {

    private static final Path EXCERPT = Path.of("src/test/resources/traces/sdsc-sp2-excerpt.swf");
    private static final long START = 900_000;
    private static final long END = 1_000_000;

    @TempDir
    Path dir;

    private Path replay(String scheduler, String executor, String name) throws IOException {
        return replay("flat:128", START + " " + END + " all maint", scheduler, executor, name);
    }

    private Path replay(String machine, String window, String scheduler, String executor, String name)
            throws IOException {
        Path windows = Files.write(dir.resolve("windows.txt"), List.of("# one window", window));
        Path out = dir.resolve(name);
        ReplaySpec spec = ReplayParameters.none().with("trace", EXCERPT).with("machine", machine)
                .with("scheduler", scheduler).with("executor", executor).with("journal", "memory")
                .with("reservations", windows).toSpec(out);
        Replay.run(spec, Progress.none(), Duration.ofHours(1));
        return out;
    }

    @Test
    void theActorsKeepTheWindowAsTheDirectExecutorDoes() throws IOException {
        Path actors = replay("easy", "actors", "actors");
        Path direct = replay("easy", "direct", "direct");
        Runs.assertSameOutputs(actors, direct);
        assertNoJobInTheWindow(actors);
    }

    @Test
    void everyBackfillingSchedulerDrainsForTheWindowAndTheSummarySaysWhatItCost() throws IOException {
        for (String scheduler : List.of("fcfs", "easy", "conservative")) {
            Path out = replay(scheduler, "direct", scheduler);
            assertNoJobInTheWindow(out);
            JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
            JsonNode r = summary.get("reservations");
            assertEquals(1, r.get("windows").asInt(), scheduler);
            assertEquals(128 * (END - START) / 3600.0, r.get("reserved_node_hours").asDouble(), 1e-6, scheduler);
            double caused = r.get("wait_caused_s").asDouble();
            assertEquals(summary.get("mean_wait_s").asDouble() - r.get("mean_wait_without_s").asDouble(), caused,
                    1e-5, scheduler);
            assertTrue(caused > 0 && r.get("jobs_delayed").asLong() > 0, scheduler + ": " + r);
        }
    }

    @Test
    void atUntilTheWaitCausedIsMeasuredAgainstTheSameRunWithoutTheWindowsEndedThere() throws IOException {
        // The run without the windows went on to the end of the trace, so at --until 1,100,000 the wait the window
        // caused was the mean wait of the jobs ended by then less that of every job of the excerpt.
        long until = 1_100_000;
        Path windows = Files.write(dir.resolve("until-windows.txt"), List.of(START + " " + END + " all maint"));
        ReplayParameters run = ReplayParameters.none().with("trace", EXCERPT).with("machine", "flat:128")
                .with("scheduler", "easy").with("executor", "direct").with("until", until);
        Replay.run(run.with("reservations", windows).toSpec(dir.resolve("until-with")), Progress.none(),
                Duration.ofHours(1));
        Replay.run(run.toSpec(dir.resolve("until-without")), Progress.none(), Duration.ofHours(1));
        ObjectMapper json = new ObjectMapper();
        JsonNode with = json.readTree(dir.resolve("until-with/summary.json").toFile());
        JsonNode without = json.readTree(dir.resolve("until-without/summary.json").toFile());
        assertEquals("until", with.get("end").get("reason").asText());
        assertEquals(without.get("mean_wait_s").asDouble(), with.get("reservations").get("mean_wait_without_s").asDouble(),
                1e-6);
    }

    @Test
    void onBglEasyPlansAroundWindowsOfMidplanesAndTheActorsAgreeWithTheDirectExecutor() throws IOException {
        // a quarter of the 8x4x4 machine of midplanes for most of the excerpt's span, then all of it
        String quarter = START - 300_000 + " " + END + " R000:2x4x4 quarter";
        Path actors = replay("bgl", quarter, "easy", "actors", "bgl-actors");
        Runs.assertSameOutputs(actors, replay("bgl", quarter, "easy", "direct", "bgl-direct"));
        Path maint = replay("bgl", START + " " + END + " all maint", "easy", "direct", "bgl-maint");
        assertNoJobInTheWindow(maint);
    }

    /** No job of jobs.csv holds nodes at an instant of [START, END). */
    private static void assertNoJobInTheWindow(Path out) throws IOException {
        List<String> csv = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        int start = header.indexOf("start_s");
        int end = header.indexOf("end_s");
        int inside = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            long s = Long.parseLong(f[start]);
            long e = Long.parseLong(f[end]);
            assertTrue(e <= START || s >= END, "job runs from " + s + " to " + e + ": " + line);
            if (s >= START && s < END) inside++;
        }
        assertEquals(0, inside);
        assertTrue(csv.stream().skip(1).anyMatch(l -> l.split(",")[start].equals(String.valueOf(END))),
                "jobs that waited for the window start at its end");
    }
}

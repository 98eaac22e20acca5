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
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Schedulers on the machines they run on, each with the features it accepts at once — a fault file, reservation
 * windows, a boot delay or block boots, gang settings — where the other replay tests take one feature at a time:
 * the actors write what the direct executor writes, a second run writes the same bytes, and summary.json's counts
 * and mean wait are those of jobs.csv. The first 150 jobs of the SDSC excerpt (submitted from 566,129 s on).
 */
class CrossFeatureReplayTest {

    private static final String FLAT_FAULTS = """
            600000 node-0 down
            650000 node-5 down
            700000 node-0 up
            720000 node-100 down
            760000 node-100 up
            800000 node-5 up
            """;
    private static final String BGL_FAULTS = """
            600000 mp-R000 down
            600000 sw-x-R100 down
            640000 mp-R000 up
            650000 sw-x-R100 up
            660000 cable-x-R000-p2 down
            700000 cable-x-R000-p2 up
            """;
    private static final String BGL_WINDOWS = "650000 700000 R000:2x2x2 box\n750000 760000 all maint\n";
    private static final Map<String, Object> MIDPLANES = Map.of("sizes_in", "units", "size_divide", 2);

    @TempDir
    Path dir;

    record Case(String machine, String scheduler, Map<String, Object> options, String faults, String windows) {
        @Override
        public String toString() {
            return scheduler + " on " + machine + " " + options.keySet() + (faults == null ? "" : " faults")
                    + (windows == null ? "" : " windows");
        }
    }

    static Stream<Arguments> cases() {
        return Stream.of(
                new Case("flat:128", "fcfs", Map.of("boot_delay", 30, "on_kill", "fail"), FLAT_FAULTS,
                        "650000 700000 64 half\n750000 760000 all maint\n"),
                new Case("flat:128", "conservative", Map.of("boot_delay", 30), FLAT_FAULTS,
                        "650000 700000 64 half\n750000 760000 all maint\n"),
                new Case("flat:128", "pfcfs", Map.of("boot_delay", 30, "pfcfs_threshold", 30, "pfcfs_gang", 600,
                        "pfcfs_delay", "gang", "pfcfs_switches", 2, "switch_penalty", 5), null, null),
                new Case("bgl", "fcfs", with(MIDPLANES, Map.of("boot_model", "machine", "boot_failure", 0.02,
                        "reuse_blocks", true, "boot_delay", 30)), BGL_FAULTS, BGL_WINDOWS),
                new Case("torus-bgl", "easy", with(MIDPLANES, Map.of("boot_delay", 30)), BGL_FAULTS, BGL_WINDOWS),
                new Case("bgl,layout=overlap:../config/layouts/bgl-overlap.conf", "fcfs",
                        with(MIDPLANES, Map.of("boot_model", "machine")), BGL_FAULTS, BGL_WINDOWS),
                new Case("supernode:4x4x8/1", "krevat-bm", Map.of("boot_delay", 30, "migration_fn_tor", 0,
                        "migration_fn_max", 1), null, "650000 700000 sn-0.0.0,sn-1.0.0 two\n750000 760000 all maint\n"),
                new Case("supernode:4x4x8/1", "pfcfs", Map.of("boot_delay", 30, "pfcfs_threshold", 30,
                        "pfcfs_switches", 2), null, null),
                new Case("paragon-sdsc", "nqs", Map.of("boot_delay", 30), null,
                        "650000 700000 ns-1 one\n750000 760000 all maint\n"),
                new Case("buddy:128", "selective-buddy", Map.of("boot_delay", 30, "ci_fraction", 0.3, "ci_gain", 0.25),
                        null, "650000 660000 ns-0 whole\n750000 760000 all maint\n"))
                .map(Arguments::of);
    }

    private static Map<String, Object> with(Map<String, Object> a, Map<String, Object> b) {
        Map<String, Object> all = new TreeMap<>(a);
        all.putAll(b);
        return all;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void actorsAndASecondRunWriteWhatTheDirectExecutorWrites(Case c) throws IOException {
        ReplayParameters p = ReplayParameters.none().with("trace", "src/test/resources/traces/sdsc-sp2-excerpt.swf")
                .with("first_jobs", 150).with("machine", c.machine()).with("scheduler", c.scheduler())
                .with("journal", "memory");
        for (Map.Entry<String, Object> o : c.options().entrySet()) p = p.with(o.getKey(), o.getValue());
        if (c.faults() != null) p = p.with("faults", Files.writeString(dir.resolve("faults.txt"), c.faults()));
        if (c.windows() != null) p = p.with("reservations", Files.writeString(dir.resolve("windows.txt"), c.windows()));
        Path direct = run(p.with("executor", "direct"), "direct");
        Runs.assertSameOutputs(direct, run(p.with("executor", "actors"), "actors"));
        Runs.assertSameOutputs(direct, run(p.with("executor", "direct"), "again"));
        JsonNode summary = new ObjectMapper().readTree(direct.resolve("summary.json").toFile());
        if (c.faults() != null) assertTrue(summary.get("faults").get("failures").asLong() > 0, summary.toString());
        if (c.windows() != null) assertEquals(2, summary.get("reservations").get("windows").asInt());
        assertSummaryCountsJobsCsv(summary, Runs.lines(direct.resolve("jobs.csv")));
    }

    private Path run(ReplayParameters p, String name) throws IOException {
        Path out = dir.resolve(name);
        Replay.run(p.toSpec(out), Progress.none(), Duration.ofHours(1));
        return out;
    }

    /** Jobs submitted, never started and finished, and the mean and largest wait, recomputed from jobs.csv. */
    private static void assertSummaryCountsJobsCsv(JsonNode summary, List<String> csv) {
        List<String> header = List.of(csv.get(0).split(","));
        int submit = header.indexOf("submit_s");
        int start = header.indexOf("start_s");
        int status = header.indexOf("status");
        long neverStarted = 0;
        long finished = 0;
        long waits = 0;
        long maxWait = 0;
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            if (f[status].equals("never_started")) {
                neverStarted++;
                continue;
            }
            long wait = Long.parseLong(f[start]) - Long.parseLong(f[submit]);
            finished++;
            waits += wait;
            maxWait = Math.max(maxWait, wait);
        }
        assertEquals(csv.size() - 1, summary.get("jobs_submitted").asLong());
        assertEquals(neverStarted, summary.get("jobs_never_started").asLong());
        assertEquals(finished, summary.get("jobs").asLong());
        assertTrue(finished > 100, "most jobs ran: " + finished);
        assertEquals((double) waits / finished, summary.get("mean_wait_s").asDouble(), 1e-6);
        assertEquals(maxWait, summary.get("max_wait_s").asLong());
    }
}

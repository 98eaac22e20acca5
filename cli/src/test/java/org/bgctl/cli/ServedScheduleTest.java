package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One run assembly and one clock: a trace served on bgl at 10,000 virtual seconds per second ends with the schedule of
 * the virtual-time replay of the same inputs, job by job (submit, start, end, partition, status) — with the gang
 * scheduler pfcfs, whose wide jobs suspend the others, and with easy and a fault file that kills and requeues jobs;
 * and so does one killed mid-run and started again on its run directory.
 */
class ServedScheduleTest {

    @TempDir
    Path dir;

    /**
     * Fourteen jobs over about 12,000 s: halves, quarters and eighths of bgl's 65,536 nodes, and two of the whole
     * machine, which pfcfs runs by suspending the others (8 context switches).
     */
    private Path trace() throws Exception {
        int[] sizes = {32768, 16384, 16384, 65536, 8192, 32768, 8192, 16384, 65536, 4096, 32768, 8192, 16384, 4096};
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < sizes.length; i++)
            lines.add(CliRun.job(i + 1, 600L * i, 1500 + 300L * (i % 4), sizes[i], 3000));
        return CliRun.trace(dir, "trace.swf", lines.toArray(String[]::new));
    }

    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void pfcfsServedFastEndsWithTheVirtualReplaysSchedule() throws Exception {
        assertServedAsReplayed(false, "--scheduler", "pfcfs");
    }

    /** The failures kill jobs 2 and 3 (on R002 and R103 then), which are requeued and run again elsewhere. */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void easyWithAFaultFileServedFastEndsWithTheVirtualReplaysSchedule() throws Exception {
        assertServedAsReplayed(false, "--scheduler", "easy", "--faults", faults().toString());
    }

    /**
     * A server killed with SIGKILL once the first jobs have ended, with others running and the faults under way, and
     * started again with --run alone, ends as the uninterrupted run does.
     */
    @Test
    @Timeout(value = 180, unit = TimeUnit.SECONDS)
    void aServerKilledMidRunAndStartedAgainEndsWithTheVirtualReplaysSchedule() throws Exception {
        assertServedAsReplayed(true, "--scheduler", "easy", "--faults", faults().toString());
    }

    private Path faults() throws Exception {
        return Files.writeString(dir.resolve("bgl.faults"),
                "2000 mp-R002 down\n2100 sw-x-R103 down\n5000 mp-R002 up\n5200 sw-x-R103 up\n");
    }

    /**
     * Replays the trace with {@code options} in virtual time, serves it with the same options, killed once three jobs
     * have ended and started again when {@code killed}, and compares the two schedules.
     */
    private void assertServedAsReplayed(boolean killed, String... options) throws Exception {
        Path trace = trace();
        List<String> common = new ArrayList<>(List.of("--machine", "bgl", "--trace", trace.toString()));
        common.addAll(List.of(options));
        List<String> replay = new ArrayList<>(List.of("replay", "--quiet", "--out", dir.resolve("virtual").toString()));
        replay.addAll(common);
        CliRun virtual = CliRun.of(replay.toArray(String[]::new));
        assertEquals(0, virtual.exit(), virtual.toString());
        List<String> expected = Files.readAllLines(dir.resolve("virtual").resolve("jobs.csv")).stream().skip(1)
                .map(ServedScheduleTest::fromCsv).toList();

        // killed, at a tenth of the speed: the kill comes after about 3,300 virtual s, 1.6 s in
        common.addAll(List.of("--speed", killed ? "2000" : "10000"));
        Path run = dir.resolve("served");
        ServeProcess server = ServeProcess.start(run, common.toArray(String[]::new));
        if (killed) {
            JsonNode m = awaitEnded(server, 3);
            server.kill();
            assertTrue(m.get("jobs_ended").asLong() < expected.size(), "killed mid-run: " + m);
            server = ServeProcess.start(run);
        }
        List<String> served = new ArrayList<>();
        try {
            awaitEnded(server, expected.size());
            for (JsonNode j : server.get("/api/jobs"))
                served.add(String.join(",", j.get("id").asText(), j.get("submit").asText(), j.get("start").asText(),
                        j.get("end").asText(), j.get("partition").asText(), j.get("status").asText()));
        } finally {
            server.stop();
        }
        assertEquals(String.join("\n", expected), String.join("\n", served));
    }

    /** Waits (60 s at most) until {@code jobs} jobs have ended; answers the metrics then. */
    private static JsonNode awaitEnded(ServeProcess server, long jobs) throws Exception {
        long end = System.currentTimeMillis() + 60_000;
        JsonNode m = server.get("/api/metrics");
        while (m.get("jobs_ended").asLong() < jobs && System.currentTimeMillis() < end) {
            Thread.sleep(10);
            m = server.get("/api/metrics");
        }
        return m;
    }

    /** id, submit, start, end, partition and status of a line of jobs.csv. */
    private static String fromCsv(String line) {
        String[] f = line.split(",", -1);
        return String.join(",", f[0], f[1], f[2], f[3], f[10], f[11]);
    }
}

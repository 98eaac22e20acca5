package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.bgctl.journal.JournalReader;
import org.bgctl.scheduler.event.JobSubmitted;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The inputs of a serve run are in its journal: a server fed a trace, killed with SIGKILL and started again with no
 * options at all goes on with the same trace (its jobs not yet arrived still arrive, with their own ids), the same
 * speed and the same faults; a live submission never takes the id of a trace job; a restart given another trace or
 * speed is refused unless --override; and summary.json keeps the trace, speed and fault settings.
 */
class ServeInputsTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int TRACE_JOBS = 20;

    @TempDir
    Path dir;

    /**
     * {@link #TRACE_JOBS} jobs, ids 1..: two at 0 and 500 s, the others from 20,000 s on, 100 s apart; at 1000 virtual
     * s per s a server killed once the first two arrived has 19 s to spare before the others come.
     */
    private Path trace(String name, int size) throws Exception {
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= TRACE_JOBS; i++)
            lines.add(CliRun.job(i, i <= 2 ? 500L * (i - 1) : 20_000 + 100L * i, 100, size, 200));
        return CliRun.trace(dir, name, lines.toArray(String[]::new));
    }

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aRestartWithoutOptionsContinuesTheTraceSpeedAndFaultsOfTheJournal() throws Exception {
        Path run = dir.resolve("run");
        Path trace = trace("trace.swf", 8);
        ServeProcess first = ServeProcess.start(run, "--machine", "flat:128", "--trace", trace.toString(),
                "--speed", "1000", "--seed", "7", "--on-kill", "fail");
        long end = System.currentTimeMillis() + 60_000;
        while (first.get("/api/metrics").get("jobs_submitted").asLong() < 2 && System.currentTimeMillis() < end)
            Thread.sleep(20);
        first.kill();
        long arrivedBefore = jobIds(run).size();

        ServeProcess second = ServeProcess.start(run);
        try {
            assertEquals(2, arrivedBefore, "killed while the trace was fed");
            assertTrue(String.join("\n", second.output).contains("1000.0 virtual s per s"), second.output.toString());
            long live = second.submit("{\"size\": 8, \"runtime\": 50}");
            assertTrue(live > TRACE_JOBS, "a live job takes no id of the trace: " + live);
            end = System.currentTimeMillis() + 60_000;
            while (second.get("/api/metrics").get("jobs_submitted").asLong() < TRACE_JOBS + 1
                    && System.currentTimeMillis() < end)
                Thread.sleep(50);
            Set<Long> ids = new TreeSet<>();
            for (JsonNode j : second.get("/api/jobs")) assertTrue(ids.add(j.get("id").asLong()), "once: " + j);
            Set<Long> expected = new TreeSet<>();
            for (long i = 1; i <= TRACE_JOBS; i++) expected.add(i);
            expected.add(live);
            assertEquals(expected, ids, "every trace job arrived once, and the live one");
        } finally {
            second.stop();
        }
        JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("trace.swf", summary.get("trace").asText(), summary.toString());
        assertEquals(1000.0, summary.get("run").get("speed").asDouble(), summary.toString());
        assertEquals(7, summary.get("faults").get("seed").asLong(), summary.toString());
        assertEquals("fail", summary.get("faults").get("on_kill").asText(), summary.toString());
        assertEquals(TRACE_JOBS + 1, summary.get("jobs_submitted").asLong(), summary.toString());
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRestartNamesTheInstantItResumesAtNotOneTheClockReachedWhileItStarted() throws Exception {
        Path run = dir.resolve("run");
        List<String> lines = new ArrayList<>();
        for (int i = 1; i <= 5000; i++) lines.add(CliRun.job(i, 10L * i, 5, 1, 5));
        Path busy = CliRun.trace(dir, "busy.swf", lines.toArray(String[]::new));
        ServeProcess first = ServeProcess.start(run, "--machine", "flat:16", "--trace", busy.toString(),
                "--speed", "2000");
        long end = System.currentTimeMillis() + 60_000;
        while (first.get("/api/metrics").get("jobs_submitted").asLong() < 50 && System.currentTimeMillis() < end)
            Thread.sleep(20);
        first.stop();
        long last = JSON.readTree(run.resolve("summary.json").toFile()).get("time").asLong();

        // the trace goes on at 200 jobs a wall second: the clock has moved on by the time the server listens
        ServeProcess second = ServeProcess.start(run);
        try {
            assertTrue(second.output.get(0).endsWith("(resumed from its journal at " + last + " s)"),
                    last + " " + second.output);
        } finally {
            second.stop();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aRestartGivenAnotherTraceOrSpeedIsRefusedUnlessOverride() throws Exception {
        Path run = dir.resolve("run");
        Path trace = trace("trace.swf", 8);
        Path other = trace("other.swf", 16);
        ServeProcess first = ServeProcess.start(run, "--machine", "flat:128", "--trace", trace.toString(),
                "--speed", "10");
        first.kill();

        CliRun refused = CliRun.of("serve", "--run", run.toString(), "--port", "0", "--trace", other.toString());
        assertEquals(2, refused.exit(), refused.toString());
        assertEquals("bgctl serve: " + run + " is a run of trace " + trace.toAbsolutePath() + ", not "
                + other.toAbsolutePath() + "; give --override to change it (nothing was changed)", refused.err().lines().findFirst().orElse(""));
        refused = CliRun.of("serve", "--run", run.toString(), "--port", "0", "--speed", "20");
        assertEquals(2, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("is a run of speed 10.0, not 20.0; give --override"), refused.toString());
        refused = CliRun.of("serve", "--run", run.toString(), "--port", "0", "--machine", "flat:64", "--override");
        assertEquals(2, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("is a run of machine flat:128, not flat:64 (nothing was changed)"),
                refused.toString());

        ServeProcess overridden = ServeProcess.start(run, "--trace", other.toString(), "--speed", "20", "--override");
        overridden.stop();
        JsonNode summary = JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals("other.swf", summary.get("trace").asText(), summary.toString());
        assertEquals(20.0, summary.get("run").get("speed").asDouble(), summary.toString());
        ServeProcess again = ServeProcess.start(run);
        try {
            assertTrue(String.join("\n", again.output).contains("20.0 virtual s per s"), again.output.toString());
        } finally {
            again.stop();
        }
        assertFalse(JSON.readTree(run.resolve("summary.json").toFile()).get("trace").isNull());
    }

    /** The ids of the jobs the journal of {@code run} submitted. */
    private static Set<Long> jobIds(Path run) {
        Set<Long> ids = new TreeSet<>();
        JournalReader.read(run, e -> {
            if (e instanceof JobSubmitted s) ids.add(s.jobId());
        });
        return ids;
    }
}

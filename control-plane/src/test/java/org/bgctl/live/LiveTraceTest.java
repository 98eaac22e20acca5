package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A trace fed to a live server at 20,000 virtual seconds per second, beside a live submission. */
class LiveTraceTest {

    @TempDir
    Path dir;

    private static Path trace() throws URISyntaxException {
        return Path.of(LiveTraceTest.class.getResource("/traces/nasa-ipsc-excerpt.swf").toURI());
    }

    @Test
    void traceJobsArriveAtTheirSubmitTimesAndLiveJobsGetLaterIds() throws Exception {
        try (LiveServer server = LiveServer.start(new ServeSpec("flat:128", "easy", 20000, Optional.of(trace()), 30,
                dir.resolve("run"), "127.0.0.1", 0, Optional.empty()))) {
            ApiCalls api = new ApiCalls(server);
            ApiCalls.Answer live = api.post("/api/jobs", "{\"size\": 8, \"runtime\": 100}", null);
            assertEquals(201, live.status());
            long liveId = live.body().get("id").asLong();
            long end = System.currentTimeMillis() + 30_000;
            JsonNode m = api.get("/api/metrics").body();
            while (m.get("jobs_ended").asLong() < 31 && System.currentTimeMillis() < end) {
                Thread.sleep(200);
                m = api.get("/api/metrics").body();
            }
            assertEquals(31, m.get("jobs_submitted").asLong(), m.toString());
            assertEquals(31, m.get("jobs_ended").asLong(), m.toString());
            assertEquals(0, m.get("invariant_violations").asInt());
            assertTrue(m.get("lateness").get("events").asLong() >= 30, m.toString());
            JsonNode jobs = api.get("/api/jobs").body();
            assertEquals(0, jobs.get(0).get("submit").asLong());
            assertEquals(1460, jobs.get(1).get("submit").asLong());
            assertEquals(3726, jobs.get(1).get("runtime").asLong());
            for (JsonNode j : jobs)
                assertTrue(j.get("id").asLong() <= liveId, "live ids come after the trace's: " + j);
            assertEquals(liveId, jobs.get(jobs.size() - 1).get("id").asLong());
        }
        assertTrue(latenessWritten(dir.resolve("run")));
    }

    @Test
    void traceJobsTheServerSetsAsideAreCountedInTheSummaryAsAReplayCountsThem() throws Exception {
        // the excerpt's first five jobs ask for 128 nodes each, more than flat:64 has
        Path run = dir.resolve("run");
        LiveServer.start(new ServeSpec("flat:64", "easy", 20000, Optional.of(trace()), 5, run, "127.0.0.1", 0,
                Optional.empty())).close();
        JsonNode summary = ApiCalls.JSON.readTree(run.resolve("summary.json").toFile());
        assertEquals(5, summary.get("jobs_read").asLong(), summary.toString());
        assertEquals("{\"larger_than_machine\":5}", summary.get("jobs_skipped").toString());
        assertEquals(0, summary.get("jobs_submitted").asLong());
    }

    @Test
    void aLiveJobIsNumberedAboveTheTraceJobsSetAsideToo() throws Exception {
        // the excerpt's first five jobs, numbered 1 to 5, ask for 128 nodes each, more than flat:64 has; the sixth
        // job line, not read with --first 5, is number 57
        try (LiveServer server = LiveServer.start(new ServeSpec("flat:64", "easy", 20000, Optional.of(trace()), 5,
                dir.resolve("run"), "127.0.0.1", 0, Optional.empty()))) {
            ApiCalls.Answer live = new ApiCalls(server).post("/api/jobs", "{\"size\": 8, \"runtime\": 100}", null);
            assertEquals(201, live.status());
            assertEquals(6, live.body().get("id").asLong(), live.body().toString());
        }
    }

    private static boolean latenessWritten(Path run) throws Exception {
        JsonNode summary = ApiCalls.JSON.readTree(run.resolve("summary.json").toFile());
        return summary.get("timed_events").asLong() >= 30 && summary.has("lateness_p99_ms");
    }
}

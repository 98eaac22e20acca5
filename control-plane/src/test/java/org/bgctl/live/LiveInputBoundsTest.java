package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;

import java.nio.file.Path;
import java.util.Optional;
import org.bgctl.clock.JobSpec;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.TimeBounds;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Numbers out of their documented bounds on a real server on loopback: each is refused with 400 naming the
 * field, nothing is journaled, the server keeps taking writes, and a restart on the same run directory works.
 */
class LiveInputBoundsTest {

    @TempDir
    Path dir;

    private static ServeSpec spec(Path run) {
        return new ServeSpec("bgl", "easy", 10, Optional.empty(), 0, run, "127.0.0.1", 0, Optional.empty());
    }

    @Test
    void numbersOutOfRangeAre400NamingTheFieldAndTheRunDirectoryStaysGood() throws Exception {
        Path run = dir.resolve("run");
        String[][] cases = {
                {"{\"runtime\": 9223372036854775807, \"shape\": \"1x1x1\"}", "runtime"},
                {"{\"runtime\": " + (TimeBounds.MAX_DURATION + 1) + ", \"size\": 512}", "runtime"},
                {"{\"runtime\": 10, \"estimate\": 9223372036854775807, \"size\": 512}", "estimate"},
                {"{\"runtime\": 1e30, \"size\": 512}", "runtime"},
                {"{\"runtime\": 99999999999999999999999, \"size\": 512}", "runtime"},
                {"{\"runtime\": 10, \"shape\": \"2000x2000x2000\"}", "shape"},
                {"{\"runtime\": 10, \"shape\": \"1x1x99999999999\"}", "shape"},
                {"{\"runtime\": 10, \"size\": 99999999999}", "size"}};
        try (LiveServer server = LiveServer.start(spec(run))) {
            ApiCalls api = new ApiCalls(server);
            for (String[] c : cases) {
                ApiCalls.Answer a = api.post("/api/jobs", c[0], null);
                assertEquals(400, a.status(), c[0] + " -> " + a.body());
                assertEquals(c[1], a.body().get("field").asText(), c[0] + " -> " + a.body());
            }
            assertEquals(0, api.get("/api/jobs").body().size());
            ApiCalls.Answer good = api.post("/api/jobs", "{\"runtime\": 36000, \"shape\": \"1x1x1\"}", null);
            assertEquals(201, good.status(), good.body().toString());
            assertEquals("running", api.get("/api/jobs/1").body().get("status").asText());
            assertEquals(0, api.get("/api/metrics").body().get("invariant_violations").asInt());
        }
        try (LiveServer again = LiveServer.start(spec(run))) {
            assertTrue(again.resumed());
            ApiCalls api = new ApiCalls(again);
            assertEquals(36000, api.get("/api/jobs/1").body().get("runtime").asLong());
            assertEquals(201, api.post("/api/jobs", "{\"runtime\": 10, \"size\": 512}", null).status());
            assertEquals(2, api.get("/api/jobs").body().size());
            assertEquals(0, api.get("/api/metrics").body().get("invariant_violations").asInt());
        }
    }

    @Test
    void theLongestRunTimeAndEstimateAreAcceptedAndOneSecondMoreIsNot() {
        MachineModel bgl = MachineCatalog.create("bgl");
        JobSpec longest = JobRequests.parse(json("{\"runtime\": " + TimeBounds.MAX_DURATION + ", \"size\": 512}"), bgl);
        assertEquals(TimeBounds.MAX_DURATION, longest.estimate());
        BadRequest tooLong = assertThrows(BadRequest.class, () -> JobRequests.parse(
                json("{\"runtime\": 10, \"estimate\": " + (TimeBounds.MAX_DURATION + 1) + ", \"size\": 512}"), bgl));
        assertEquals("estimate", tooLong.field());
        assertEquals("estimate: must be at most 315360000 s (10 years), was 315360001", tooLong.getMessage());
        BadRequest huge = assertThrows(BadRequest.class,
                () -> JobRequests.parse(json("{\"runtime\": 10, \"shape\": \"2000x2000x2000\"}"), bgl));
        assertTrue(huge.getMessage().contains("larger than the grid 8x4x4"), huge.getMessage());
    }

    private static JsonNode json(String text) {
        try {
            return ApiCalls.JSON.readTree(text);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }
}

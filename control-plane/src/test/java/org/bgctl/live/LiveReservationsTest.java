package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code serve --reservations FILE}: a maintenance window given at the start holds a submitted job back until an
 * operator cancels it through the API; the API lists it while it lasts.
 */
class LiveReservationsTest {

    @TempDir
    Path dir;

    @Test
    void aMaintenanceWindowFromTheFileHoldsJobsUntilItIsCancelled() throws Exception {
        Path windows = Files.write(dir.resolve("windows.txt"), List.of("0 100000000 all maint"));
        ReplayParameters parameters = ReplayParameters.none().with("machine", "flat:64").with("scheduler", "easy")
                .with("reservations", windows);
        try (LiveServer server = LiveServer.start(new ServeSpec(parameters, OptionalDouble.of(10), dir.resolve("run"),
                "127.0.0.1", 0, Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), false))) {
            ApiCalls api = new ApiCalls(server);
            JsonNode listed = api.get("/api/reservations").body();
            assertEquals(1, listed.size(), listed.toString());
            assertEquals("maint", listed.get(0).get("name").asText());
            assertTrue(listed.get(0).get("all").asBoolean() && listed.get(0).get("active").asBoolean(), listed.toString());
            long id = api.post("/api/jobs", "{\"size\": 4, \"runtime\": 5}", null).body().get("id").asLong();
            Thread.sleep(500);
            assertEquals("queued", api.get("/api/jobs/" + id).body().get("status").asText());
            ApiCalls.Answer taken = api.post("/api/reservations", "{\"name\": \"maint\", \"start\": 0, \"end\": 5,"
                    + " \"what\": \"8\"}", null);
            assertEquals(409, taken.status(), taken.body().toString());
            assertEquals(200, api.delete("/api/reservations/maint", null).status());
            String status = "queued";
            for (int i = 0; i < 100 && status.equals("queued"); i++) {
                Thread.sleep(100);
                status = api.get("/api/jobs/" + id).body().get("status").asText();
            }
            assertTrue(status.equals("running") || status.equals("completed"), status);
            assertEquals(0, api.get("/api/machine").body().get("reservations").size());
        }
    }

    /** A server on flat:64 scheduling with {@code scheduler}, at 10 virtual seconds per second. */
    private LiveServer serve(String scheduler, String run) throws Exception {
        ReplayParameters parameters = ReplayParameters.none().with("machine", "flat:64").with("scheduler", scheduler);
        return LiveServer.start(new ServeSpec(parameters, OptionalDouble.of(10), dir.resolve(run), "127.0.0.1", 0,
                Optional.empty(), RestartPolicy.CONTINUE, Optional.empty(), false));
    }

    /** Asserts that placing {@code body} is refused with 409 naming {@code field}, in the message as in the body. */
    private static void conflict(ApiCalls api, String body, String field, String message) throws Exception {
        ApiCalls.Answer answer = api.post("/api/reservations", body, null);
        assertEquals(409, answer.status(), answer.body().toString());
        assertEquals(field, answer.body().get("field").asText(), answer.body().toString());
        assertTrue(answer.body().get("error").asText().contains(message), answer.body().toString());
    }

    @Test
    void aRefusedReservationNamesTheFieldAtFault() throws Exception {
        try (LiveServer server = serve("easy", "easy")) {
            ApiCalls api = new ApiCalls(server);
            long id = api.post("/api/jobs", "{\"size\": 60, \"runtime\": 100000}", null).body().get("id").asLong();
            String status = "queued";
            for (int i = 0; i < 100 && status.equals("queued"); i++) {
                Thread.sleep(100);
                status = api.get("/api/jobs/" + id).body().get("status").asText();
            }
            assertEquals("running", status);
            assertEquals(200, api.post("/api/reservations", "{\"name\": \"later\", \"start\": 100000000, \"end\":"
                    + " 100000001, \"what\": \"all\"}", null).status());
            conflict(api, "{\"name\": \"later\", \"start\": 200000000, \"end\": 200000001, \"what\": \"1\"}",
                    "name", "reservation 'later' exists already");
            conflict(api, "{\"name\": \"past\", \"start\": 0, \"end\": 1, \"what\": \"1\"}",
                    "end", "reservation 'past' ends at 1, not after now");
            conflict(api, "{\"name\": \"held\", \"start\": 0, \"end\": 100000000, \"what\": \"8\"}",
                    "what", "reservation 'held' needs 8 nodes at ");
        }
        try (LiveServer server = serve("pfcfs", "pfcfs")) {
            ApiCalls api = new ApiCalls(server);
            conflict(api, "{\"name\": \"any\", \"start\": 100000000, \"end\": 100000001,"
                    + " \"what\": \"all\"}", "scheduler", "pfcfs suspends jobs");
            // a failure is refused by the scheduler too, not for its component
            ApiCalls.Answer fault = api.post("/api/faults", "{\"component\": \"node-0\", \"state\": \"down\"}", null);
            assertEquals(409, fault.status(), fault.body().toString());
            assertEquals("scheduler", fault.body().get("field").asText(), fault.body().toString());
            assertTrue(fault.body().get("error").asText().contains("faults: not supported with scheduler pfcfs"),
                    fault.body().toString());
        }
    }
}

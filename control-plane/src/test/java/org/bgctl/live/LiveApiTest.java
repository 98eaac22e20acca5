package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.bgctl.machine.MachineCatalog;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The HTTP API of a real server on loopback (a free port), on BG/L at 10 virtual seconds per second. */
class LiveApiTest {

    @TempDir
    static Path dir;

    static LiveServer server;
    static ApiCalls api;

    @BeforeAll
    static void start() throws Exception {
        server = LiveServer.start(new ServeSpec("bgl", "easy", 10, Optional.empty(), 0, dir.resolve("run"),
                "127.0.0.1", 0, Optional.empty()));
        api = new ApiCalls(server);
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static long submit(String body) throws Exception {
        ApiCalls.Answer a = api.post("/api/jobs", body, null);
        assertEquals(201, a.status(), a.body().toString());
        return a.body().get("id").asLong();
    }

    /** The names of {@code a}'s fields, in the order the server wrote them. */
    private static String fieldOrder(ApiCalls.Answer a) {
        StringBuilder names = new StringBuilder();
        a.body().fieldNames().forEachRemaining(n -> names.append(names.length() == 0 ? "" : ",").append(n));
        return names.toString();
    }

    /**
     * The answers of a cancellation, a health change and a cancelled reservation name their fields in the order the
     * documentation gives, on every server. Before, they came from Map.of, whose order changes from one JVM to the
     * next: one server answered {"id":1,"cancelled":true}, the next {"cancelled":true,"id":1}.
     */
    @Test
    void operationAnswersKeepTheirFieldOrder() throws Exception {
        long id = submit("{\"shape\": \"1x1x1\", \"runtime\": 36000}");
        assertEquals("id,cancelled", fieldOrder(api.delete("/api/jobs/" + id, null)));
        assertEquals("component,state", fieldOrder(api.post("/api/faults",
                "{\"component\": \"sw-z-R733\", \"state\": \"down\"}", null)));
        assertEquals("component,state", fieldOrder(api.post("/api/faults",
                "{\"component\": \"sw-z-R733\", \"state\": \"up\"}", null)));
        assertEquals(200, api.post("/api/reservations", "{\"name\": \"order\", \"start\": 900000000, \"end\":"
                + " 900000001, \"what\": \"mp-R733\"}", null).status());
        assertEquals("name,cancelled", fieldOrder(api.delete("/api/reservations/order", null)));
    }

    @Test
    void aSubmittedJobIsListedAndRuns() throws Exception {
        long id = submit("{\"shape\": \"1x2x2\", \"topology\": \"torus\", \"runtime\": 36000, \"estimate\": 40000}");
        JsonNode job = api.get("/api/jobs/" + id).body();
        assertEquals("running", job.get("status").asText());
        assertEquals(4 * 512, job.get("size").asInt());
        assertEquals("1x2x2", job.get("shape").asText());
        assertTrue(job.get("partition").asText().contains("torus"), job.toString());
        boolean listed = false;
        for (JsonNode j : api.get("/api/jobs").body()) listed |= j.get("id").asLong() == id;
        assertTrue(listed);
        JsonNode machine = api.get("/api/machine").body();
        assertEquals("bgl", machine.get("machine").asText());
        assertTrue(machine.get("map").asText().contains("z=0"));
    }

    @Test
    void theAuditFindsTheAgentsHoldingWhatTheSchedulerStarted() throws Exception {
        long id = submit("{\"shape\": \"1x1x2\", \"topology\": \"mesh\", \"runtime\": 36000, \"estimate\": 40000}");
        assertEquals("running", api.get("/api/jobs/" + id).body().get("status").asText());
        JsonNode audit = api.get("/api/audit").body();
        assertEquals(MachineCatalog.create("bgl").units().size(), audit.get("agents").asInt(), audit.toString());
        assertEquals(0, audit.get("mismatches").asInt(), audit.toString());
        assertEquals(0, audit.get("examples").size(), audit.toString());
    }

    @Test
    void badSubmissionsAre400NamingTheFieldAndChangeNothing() throws Exception {
        int before = api.get("/api/jobs").body().size();
        String[][] cases = {
                {"{\"size\": 512}", "runtime"},
                {"{\"size\": 512, \"runtime\": -1}", "runtime"},
                {"{\"size\": \"many\", \"runtime\": 10}", "size"},
                {"{\"size\": 512, \"shape\": \"1x1x1\", \"runtime\": 10}", "shape"},
                {"{\"shape\": \"9x1x1\", \"runtime\": 10}", "shape"},
                {"{\"shape\": \"2by2\", \"runtime\": 10}", "shape"},
                {"{\"size\": 512, \"runtime\": 10, \"estimate\": 5}", "estimate"},
                {"{\"size\": 512, \"runtime\": 10, \"topology\": \"ring\"}", "topology"},
                {"{\"size\": 512, \"runtime\": 10, \"priority\": 1}", "priority"},
                {"{\"size\": 100000, \"runtime\": 10}", "size"},
                {"not json", "body"},
                {"{\"size\": 512, \"runtime\": 10, \"runtime\": 20}", "runtime"},
                {"[1, 2]", "body"},
                {"{\"size\": 512, \"runtime\": 10}{\"size\": 512, \"runtime\": 10}", "body"},
                {"{\"size\": 512, \"runtime\": 10} and more", "body"}};
        for (String[] c : cases) {
            ApiCalls.Answer a = api.post("/api/jobs", c[0], null);
            assertEquals(400, a.status(), c[0] + " -> " + a.body());
            assertEquals(c[1], a.body().get("field").asText(), c[0] + " -> " + a.body());
            assertFalse(a.body().get("error").asText().isEmpty());
        }
        assertEquals(before, api.get("/api/jobs").body().size());
        // a field of no name is said as "": the error began ": unknown field"
        assertEquals("\"\": unknown field; known: size, shape, topology, estimate, runtime",
                api.post("/api/jobs", "{\"\": 1, \"size\": 512, \"runtime\": 10}", null).body().get("error").asText());
        String unclosed = api.post("/api/jobs", "{\"size\": 512,\n \"runtime\": 10", null).body().get("error").asText();
        assertTrue(unclosed.startsWith("not JSON: ") && !unclosed.contains("Source") && !unclosed.contains("\"size\"")
                && unclosed.contains("line 1, column 1") && unclosed.endsWith(" at line 2, column 15"), unclosed);
    }

    /**
     * A field given twice is refused naming it, on every call that takes a body, and nothing changes. Before, it was
     * refused as a body that is not JSON, naming {@code body}.
     */
    @Test
    void aFieldGivenTwiceIs400NamingTheField() throws Exception {
        int jobs = api.get("/api/jobs").body().size();
        int reservations = api.get("/api/reservations").body().size();
        String[][] cases = {
                {"/api/jobs", "{\"size\": 1, \"size\": 2, \"runtime\": 10}", "size"},
                {"/api/jobs", "{\"size\": 512,\n \"runtime\": 10,\n \"size\": 512}", "size"},
                {"/api/jobs", "{\"size\": 512, \"runtime\": 10, \"shape\": {\"x\": 1, \"x\": 2}}", "shape.x"},
                {"/api/jobs", "[{\"size\": 512}, {\"runtime\": 1, \"runtime\": 2}]", "[1].runtime"},
                {"/api/faults", "{\"component\": \"mp-R000\", \"state\": \"down\", \"state\": \"up\"}", "state"},
                {"/api/reservations", "{\"name\": \"twice\", \"start\": 900000000, \"end\": 900000001, \"what\": \"all\","
                        + " \"name\": \"again\"}", "name"}};
        for (String[] c : cases) {
            ApiCalls.Answer a = api.post(c[0], c[1], null);
            assertEquals(400, a.status(), c[1] + " -> " + a.body());
            assertEquals(c[2], a.body().get("field").asText(), c[1] + " -> " + a.body());
            assertEquals(c[2] + ": appears twice; give each field once", a.body().get("error").asText());
        }
        assertEquals(jobs, api.get("/api/jobs").body().size());
        assertEquals(reservations, api.get("/api/reservations").body().size());
        assertFalse(api.get("/api/machine").body().get("down").toString().contains("mp-R000"));
        // the first field given twice, in the order of the body; syntax errors before it are still said as such
        assertEquals("runtime", api.post("/api/jobs", "{\"runtime\": 1, \"runtime\": 2, \"size\": 1, \"size\": 2}",
                null).body().get("field").asText());
        assertEquals("body", api.post("/api/jobs", "{\"size\": 1 \"size\": 2}", null).body().get("field").asText());
    }

    @Test
    void aFaultKillsAndRequeuesTheJobOnItAndARepairBringsThePartBack() throws Exception {
        long id = submit("{\"shape\": \"8x4x4\", \"runtime\": 36000}");
        JsonNode job = api.get("/api/jobs/" + id).body();
        if (job.get("status").asText().equals("running")) {
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R733\", \"state\": \"down\"}", null).status());
            // killed, and requeued (the default kill policy): it waits for the machine to be whole again
            assertEquals("queued", api.get("/api/jobs/" + id).body().get("status").asText());
        } else {
            // other tests hold midplanes: the whole machine waits; a fault on it changes nothing
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R733\", \"state\": \"down\"}", null).status());
        }
        assertEquals(200, api.delete("/api/jobs/" + id, null).status());
        JsonNode machine = api.get("/api/machine").body();
        assertTrue(machine.get("down").toString().contains("mp-R733"), machine.toString());
        assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R733\", \"state\": \"up\"}", null).status());
        assertFalse(api.get("/api/machine").body().get("down").toString().contains("mp-R733"));
        assertEquals("component", api.post("/api/faults", "{\"component\": \"mp-R999\", \"state\": \"down\"}", null)
                .body().get("field").asText());
        ApiCalls.Answer badState = api.post("/api/faults", "{\"component\": \"mp-R000\", \"state\": \"broken\"}", null);
        assertEquals(400, badState.status());
        assertEquals("state", badState.body().get("field").asText());
        ApiCalls.Answer notAString = api.post("/api/faults", "{\"component\": 5, \"state\": \"down\"}", null);
        assertEquals(400, notAString.status());
        assertTrue(notAString.body().get("error").asText().startsWith("component: expected a midplane, switch or cable id as a"
                + " string"), notAString.body().toString());
        assertEquals(0, api.get("/api/metrics").body().get("invariant_violations").asInt());
    }

    @Test
    void cancellingTwiceIsRefusedAndAnUnknownJobIsNotFound() throws Exception {
        long id = submit("{\"size\": 512, \"runtime\": 36000}");
        assertEquals(200, api.delete("/api/jobs/" + id, null).status());
        assertEquals("cancelled", api.get("/api/jobs/" + id).body().get("status").asText());
        assertEquals(409, api.delete("/api/jobs/" + id, null).status());
        assertEquals(404, api.delete("/api/jobs/999999", null).status());
    }

    /**
     * An id in the path that no job can have — 0, negative, not a whole number, larger than any — is bad input: 400
     * naming {@code id} with the words of {@code bgctl cancel}, while a well-formed id of no job stays a 404; a name no
     * reservation can have is a 400 naming {@code name}. Before, all of them were a 404 (or a 409 for the name).
     */
    @Test
    void anIdOrNameInThePathThatCannotBeOneIs400() throws Exception {
        for (String id : new String[] {"-5", "0", "abc", "1x", "+5", "99999999999999999999"}) {
            for (ApiCalls.Answer a : new ApiCalls.Answer[] {api.get("/api/jobs/" + id), api.delete("/api/jobs/" + id, null)}) {
                assertEquals(400, a.status(), id + " -> " + a.body());
                assertEquals("id", a.body().get("field").asText(), id + " -> " + a.body());
                assertTrue(a.body().get("error").asText().startsWith("id: expected a job id (1 or more), got " + id),
                        a.body().toString());
            }
        }
        ApiCalls.Answer unknown = api.get("/api/jobs/999999");
        assertEquals(404, unknown.status(), unknown.body().toString());
        assertEquals("id", unknown.body().get("field").asText());
        ApiCalls.Answer badName = api.delete("/api/reservations/bad%20name", null);
        assertEquals(400, badName.status(), badName.body().toString());
        assertEquals("name", badName.body().get("field").asText());
        assertEquals("name: 'bad name' is not a name: letters and digits, joined by - _ . : @ (it names the window in"
                + " DELETE /api/reservations/NAME)", badName.body().get("error").asText());
        assertEquals(409, api.delete("/api/reservations/none-such", null).status());
    }

    @Test
    void aJobCancelledBeforeItStartsCountsAsEnded() throws Exception {
        try (LiveServer own = LiveServer.start(new ServeSpec("flat:16", "easy", 10, Optional.empty(), 0,
                dir.resolve("cancelled-waiting"), "127.0.0.1", 0, Optional.empty()))) {
            ApiCalls calls = new ApiCalls(own);
            assertEquals(201, calls.post("/api/jobs", "{\"size\": 16, \"runtime\": 100000}", null).status());
            long waiting = calls.post("/api/jobs", "{\"size\": 16, \"runtime\": 100}", null).body().get("id").asLong();
            assertEquals(200, calls.delete("/api/jobs/" + waiting, null).status());
            JsonNode m = calls.get("/api/metrics").body();
            long end = System.currentTimeMillis() + 10_000;
            while (m.get("jobs_running").asLong() + m.get("jobs_ended").asLong() < 2 && System.currentTimeMillis() < end) {
                Thread.sleep(50);
                m = calls.get("/api/metrics").body();
            }
            assertEquals(2, m.get("jobs_submitted").asLong(), m.toString());
            assertEquals(0, m.get("jobs_queued").asLong(), m.toString());
            assertEquals(1, m.get("jobs_running").asLong(), m.toString());
            assertEquals(0, m.get("jobs_suspended").asLong(), m.toString());
            assertEquals(1, m.get("jobs_ended").asLong(), "the job cancelled while it waited: " + m);
        }
    }

    @Test
    void theEventStreamShowsASubmission() throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        CompletableFuture<HttpResponse<Stream<String>>> stream = http.sendAsync(
                HttpRequest.newBuilder(URI.create(api.base() + "/api/events")).build(), HttpResponse.BodyHandlers.ofLines());
        Stream<String> lines = stream.get(10, TimeUnit.SECONDS).body();
        long id = submit("{\"size\": 512, \"runtime\": 5}");
        CompletableFuture<String> seen = CompletableFuture.supplyAsync(() -> lines
                .filter(l -> l.startsWith("data:") && l.contains("\"type\":\"submitted\"") && l.contains("\"job\":" + id))
                .findFirst().orElse(""));
        assertFalse(seen.get(10, TimeUnit.SECONDS).isEmpty());
        lines.close();
    }

    @Test
    void metricsReportLateness() throws Exception {
        // two ends at two seconds: two timed events, at least one after the start-up's (the first timed event of the
        // server, reported apart), whichever of this class's tests runs first
        long first = submit("{\"size\": 512, \"runtime\": 1}");
        long second = submit("{\"size\": 512, \"runtime\": 2}");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!ended(first) || !ended(second)) {
            assertTrue(System.nanoTime() < deadline, "jobs " + first + " and " + second + " did not end in 10 s");
            Thread.sleep(50);
        }
        JsonNode m = api.get("/api/metrics").body();
        assertTrue(m.get("lateness").get("events").asLong() >= 1, m.toString());
        assertTrue(m.get("lateness").get("p99_ms").asDouble() >= 0);
        assertEquals(10.0, m.get("speed").asDouble());
        long events = m.get("lateness").get("events").asLong();
        JsonNode after = api.get("/api/metrics?lateness_after=" + (events + 1000)).body();
        assertEquals(0, after.get("lateness").get("events").asLong(), after.toString());
        for (String bad : new String[] {"-1", "many"}) {
            ApiCalls.Answer a = api.get("/api/metrics?lateness_after=" + bad);
            assertEquals(400, a.status(), bad + " -> " + a.body());
            assertEquals("lateness_after", a.body().get("field").asText());
        }
    }

    private static boolean ended(long id) throws Exception {
        return !api.get("/api/jobs/" + id).body().get("status").asText().matches("queued|running");
    }

    @Test
    void aTokenGuardsEveryChangeButNotReading() throws Exception {
        try (LiveServer guarded = LiveServer.start(new ServeSpec("flat:64", "easy", 1, Optional.empty(), 0,
                dir.resolve("guarded"), "127.0.0.1", 0, Optional.of("s3cret")))) {
            ApiCalls calls = new ApiCalls(guarded);
            String job = "{\"size\": 4, \"runtime\": 10}";
            ApiCalls.Answer none = calls.post("/api/jobs", job, null);
            assertEquals(401, none.status());
            assertEquals("Authorization", none.body().get("field").asText());
            assertEquals("this server needs \"Authorization: Bearer TOKEN\" on every call that changes something",
                    none.body().get("error").asText());
            ApiCalls.Answer wrong = calls.post("/api/jobs", job, "wrong");
            assertEquals(401, wrong.status());
            assertEquals("the token given is not this server's", wrong.body().get("error").asText(),
                    "a wrong token is told apart from a missing one");
            assertEquals(401, calls.delete("/api/jobs/1", null).status());
            assertEquals(401, calls.post("/api/faults", "{\"component\": \"x\", \"state\": \"down\"}", null).status());
            assertEquals(0, calls.get("/api/jobs").body().size());
            assertEquals(201, calls.post("/api/jobs", job, "s3cret").status());
            assertEquals(1, calls.get("/api/jobs").body().size());
        }
    }

    @Test
    void anOpenAddressNeedsAToken() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(new ServeSpec(
                "flat:64", "easy", 1, Optional.empty(), 0, dir.resolve("open"), "0.0.0.0", 0, Optional.empty())));
        assertTrue(e.getMessage().contains("--token"), e.getMessage());
    }
}

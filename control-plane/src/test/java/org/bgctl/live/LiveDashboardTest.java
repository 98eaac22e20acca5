package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real browser: headless Chromium loads {@code /}, a job is submitted through the
 * API, and the page shows it on the midplane grid, its cables in the cable panel and it in the running
 * list, from the event stream; failed parts are marked down.
 * Skipped where no Chromium is installed, unless {@code -Dbgctl.browser-test=required} (CI) makes
 * that a failure.
 */
class LiveDashboardTest {

    @TempDir
    Path dir;

    /** The ids of the cables of {@code GET /api/machine} that {@code which} accepts, in line order. */
    private static List<String> cables(ApiCalls api, Predicate<JsonNode> which) throws Exception {
        ApiCalls.Answer machine = api.get("/api/machine");
        assertEquals(200, machine.status());
        List<String> ids = new ArrayList<>();
        for (JsonNode lines : machine.body().get("cables"))
            for (JsonNode line : lines)
                for (JsonNode c : line.get("cables")) if (which.test(c)) ids.add(c.get("id").asText());
        return ids;
    }

    @Test
    void theDashboardShowsASubmittedJob() throws Exception {
        Optional<Path> chromium = HeadlessChromium.find();
        if (!"required".equals(System.getProperty("bgctl.browser-test")))
            Assumptions.assumeTrue(chromium.isPresent(), "no Chromium on the PATH (set BGCTL_CHROMIUM)");
        assertTrue(chromium.isPresent(), "the browser test is required but no Chromium was found");
        try (LiveServer server = LiveServer.start(new ServeSpec("bgl", "easy", 1, Optional.empty(), 0,
                dir.resolve("run"), "127.0.0.1", 0, Optional.empty()));
             HeadlessChromium browser = new HeadlessChromium(chromium.get(), dir.resolve("profile"),
                     "http://127.0.0.1:" + server.address().getPort() + "/")) {
            assertTrue(browser.waitFor("document.getElementById('mp-R000') !== null", Duration.ofSeconds(30)),
                    "the page drew no midplane grid");
            assertEquals(128, browser.evaluate("document.querySelectorAll('.plane td').length").asInt());
            ApiCalls api = new ApiCalls(server);
            ApiCalls.Answer a = api.post("/api/jobs", "{\"shape\": \"2x2x2\", \"runtime\": 36000}", null);
            assertEquals(201, a.status());
            long id = a.body().get("id").asLong();
            assertTrue(browser.waitFor("document.getElementById('job-" + id + "') !== null", Duration.ofSeconds(20)),
                    "job " + id + " never appeared on the page");
            assertEquals(8, browser.evaluate("[...document.querySelectorAll('.plane td')]"
                    + ".filter(td => td.textContent === '" + id + "').length").asInt());
            assertEquals(16 * 14 + 32 * 4 + 32 * 4, browser.evaluate("document.querySelectorAll('.cable').length").asInt());
            List<String> held = cables(api, c -> c.get("job").asLong() == id);
            assertEquals(4 * 3, held.size(), "a 2x2x2 mesh takes one cable in each of its 4 lines per dimension: " + held);
            assertTrue(browser.waitFor("document.querySelectorAll('.cable[data-job=\"" + id + "\"]').length === "
                    + held.size(), Duration.ofSeconds(20)), "the cables of job " + id + " are not drawn");
            for (String cable : held) {
                assertEquals(String.valueOf(id), browser.evaluate(
                        "document.getElementById('" + cable + "').dataset.job").asText(), cable);
                assertTrue(browser.evaluate("document.getElementById('" + cable + "').title").asText()
                        .matches(cable + ": R\\d{3} → R\\d{3}, job " + id), cable);
            }
            for (String job : new String[] {"{\"shape\": \"4x1x2\", \"topology\": \"torus\", \"runtime\": 36000}",
                    "{\"size\": 4096, \"runtime\": 36000}", "{\"shape\": \"1x4x1\", \"runtime\": 36000}",
                    "{\"shape\": \"8x4x4\", \"runtime\": 600}"})
                assertEquals(201, api.post("/api/jobs", job, null).status());
            assertTrue(browser.waitFor("document.querySelectorAll('#running tr').length === 5", Duration.ofSeconds(20)),
                    "the four jobs that fit are not all running");
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R733\", \"state\": \"down\"}", null).status());
            List<String> free = cables(api, c -> c.get("job").isNull() && c.get("id").asText().startsWith("cable-x-"));
            String cable = free.get(free.size() - 1);
            assertEquals(200, api.post("/api/faults", "{\"component\": \"" + cable + "\", \"state\": \"down\"}", null).status());
            assertTrue(browser.waitFor("document.getElementById('" + cable + "').classList.contains('down')",
                    Duration.ofSeconds(20)), "the failed cable " + cable + " is not marked down");
            assertTrue(browser.evaluate("document.getElementById('" + cable + "').title").asText().endsWith(", down"));
            assertTrue(browser.waitFor("document.getElementById('mp-R733').classList.contains('down')", Duration.ofSeconds(20)),
                    "the failed midplane is not marked down");
            assertTrue(browser.waitFor("document.querySelectorAll('#queue tr').length === 2", Duration.ofSeconds(20)),
                    "the job that waits for the whole machine is not in the queue");
            assertEquals(200, api.post("/api/reservations", "{\"name\": \"r\", \"start\": 0, \"end\": 1000000000,"
                    + " \"what\": \"mp-R722\"}", null).status());
            assertTrue(browser.waitFor("document.getElementById('mp-R722').classList.contains('reserved')",
                    Duration.ofSeconds(20)), "the reserved midplane is not marked");
            assertTrue(browser.waitFor("document.getElementById('reservation-r') !== null", Duration.ofSeconds(20)),
                    "the reservation is not listed");
            Path target = Path.of("target");
            if (Files.isDirectory(target)) browser.screenshot(target.resolve("dashboard.png"));
        }
    }
}

package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.function.Predicate;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real browser: headless Chromium loads {@code /}, a job is submitted through the
 * API, and the page shows it on the midplane grid, its cables in the cable panel and it in the running
 * list, from the event stream; failed midplanes, switches and cables are marked down, every one; hovering a
 * midplane names its job, partition and state; the utilization chart has labelled, scaled axes; the event log
 * reads as lines (d hh:mm:ss, job or component, what happened); the lateness leaves the start-up apart.
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
            everyDownComponentIsShown(api, browser);
            hoveringAMidplaneNamesItsJobPartitionAndState(browser, id);
            theUtilizationChartHasScaledLabelledAxes(browser);
            theEventLogReadsAsLines(browser);
            theLatenessLeavesTheStartUpApart(api, browser);
            Path target = Path.of("target");
            if (Files.isDirectory(target)) browser.screenshot(target.resolve("dashboard.png"));
        }
    }

    /** A switch fails too: it is drawn and hatched, and every component down is marked and named in the header. */
    private static void everyDownComponentIsShown(ApiCalls api, HeadlessChromium browser) throws Exception {
        assertEquals(200, api.post("/api/faults", "{\"component\": \"sw-y-R000\", \"state\": \"down\"}", null).status());
        assertTrue(browser.waitFor("document.getElementById('sw-y-R000')?.classList.contains('down') === true",
                Duration.ofSeconds(20)), "the failed switch is not drawn down");
        assertEquals(3 * 128, browser.evaluate("document.querySelectorAll('#switches .switch').length").asInt());
        assertTrue(browser.evaluate("document.getElementById('sw-y-R000').title").asText().endsWith(", down"));
        List<String> down = new ArrayList<>();
        api.get("/api/machine").body().get("down").forEach(c -> down.add(c.asText()));
        assertEquals(3, down.size(), down.toString());
        for (String c : down)
            assertTrue(browser.evaluate("document.getElementById('" + c + "').classList.contains('down')").asBoolean(), c);
        assertEquals(3, browser.evaluate("document.querySelectorAll('#grid .down, #switches .down, #cables .down').length")
                .asInt());
        assertTrue(browser.waitFor("document.getElementById('summary').textContent.includes('3 components down ("
                + String.join(", ", down) + ")')", Duration.ofSeconds(20)), "the header does not name the parts down");
    }

    private static void hoveringAMidplaneNamesItsJobPartitionAndState(HeadlessChromium browser, long id) throws Exception {
        String detail = browser.evaluate("(() => { const td = [...document.querySelectorAll('.plane td')]"
                + ".find(td => td.textContent === '" + id + "'); td.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));"
                + " return document.getElementById('detail').textContent; })()").asText();
        assertTrue(detail.matches("mp-R\\d{3}: job " + id + " running, partition R\\d{3}:2x2x2:\\S+, up"), detail);
        assertTrue(browser.evaluate("document.getElementById('mp-R733').title").asText().matches("mp-R733: .*, down"));
    }

    private static void theUtilizationChartHasScaledLabelledAxes(HeadlessChromium browser) throws Exception {
        assertTrue(browser.waitFor("document.querySelector('#util polyline')?.getAttribute('points').split(' ').length >= 2",
                Duration.ofSeconds(20)), "no utilization line");
        assertEquals("0%,25%,50%,75%,100%", browser.evaluate(
                "[...document.querySelectorAll('#util .y-tick')].map(t => t.textContent).join()").asText());
        String times = browser.evaluate("[...document.querySelectorAll('#util .x-tick')].map(t => t.textContent).join()")
                .asText();
        assertTrue(times.matches("(\\d+d \\d\\d:\\d\\d:\\d\\d,){1,4}\\d+d \\d\\d:\\d\\d:\\d\\d"), times);
        assertEquals(times.split(",").length, new HashSet<>(List.of(times.split(","))).size(), times);
        assertEquals("virtual time (d hh:mm:ss),busy nodes", browser.evaluate(
                "[...document.querySelectorAll('#util .axis-title')].map(t => t.textContent).join()").asText());
    }

    private static void theEventLogReadsAsLines(HeadlessChromium browser) throws Exception {
        String log = "[...document.querySelectorAll('#events div')].map(d => d.textContent)";
        assertTrue(browser.waitFor(log + ".some(l => /^0d \\d\\d:\\d\\d:\\d\\d  sw-y-R000  failed$/.test(l))",
                Duration.ofSeconds(20)), browser.evaluate(log).toString());
        assertTrue(browser.evaluate(log + ".some(l => /^0d \\d\\d:\\d\\d:\\d\\d  job \\d+  started on 4096 nodes,"
                + " partition R\\d{3}:/.test(l))").asBoolean(), browser.evaluate(log).toString());
        assertTrue(browser.evaluate(log + ".some(l => /^0d \\d\\d:\\d\\d:\\d\\d  job \\d+  submitted: 65536 nodes,"
                + " estimate 0d 00:10:00$/.test(l))").asBoolean(), browser.evaluate(log).toString());
        assertTrue(browser.evaluate(log + ".every(l => !l.includes('{') && l.length < 100)").asBoolean(),
                browser.evaluate(log).toString());
    }

    private static void theLatenessLeavesTheStartUpApart(ApiCalls api, HeadlessChromium browser) throws Exception {
        JsonNode lateness = api.get("/api/metrics").body().get("lateness");
        assertTrue(lateness.get("startup_ms").asDouble() >= 0, lateness.toString());
        String summary = browser.evaluate("document.getElementById('summary').textContent").asText();
        String expected = lateness.get("events").asLong() > 0
                ? ".*; lateness p99 \\d+\\.\\d\\d ms over \\d+ timed events \\(start-up apart: \\d+ ms\\)"
                : ".*; lateness: no timed event yet after the start-up's \\(\\d+ ms\\)";
        assertTrue(summary.matches(expected), summary);
    }
}

package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The dashboard in a real browser: headless Chromium loads {@code /}, a job is submitted through the
 * API, and the page shows it on the midplane grid and in the running list, from the event stream.
 * Skipped where no Chromium is installed, unless {@code -Dbgctl.browser-test=required} (CI) makes
 * that a failure.
 */
class LiveDashboardTest {

    @TempDir
    Path dir;

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
            for (String job : new String[] {"{\"shape\": \"4x1x2\", \"topology\": \"torus\", \"runtime\": 36000}",
                    "{\"size\": 4096, \"runtime\": 36000}", "{\"shape\": \"1x4x1\", \"runtime\": 36000}",
                    "{\"shape\": \"8x4x4\", \"runtime\": 600}"})
                assertEquals(201, api.post("/api/jobs", job, null).status());
            assertEquals(200, api.post("/api/faults", "{\"component\": \"mp-R733\", \"state\": \"down\"}", null).status());
            assertTrue(browser.waitFor("document.getElementById('mp-R733').classList.contains('down')", Duration.ofSeconds(20)),
                    "the failed midplane is not marked down");
            assertTrue(browser.waitFor("document.querySelectorAll('#queue tr').length === 2", Duration.ofSeconds(20)),
                    "the job that waits for the whole machine is not in the queue");
            Path target = Path.of("target");
            if (Files.isDirectory(target)) browser.screenshot(target.resolve("dashboard.png"));
        }
    }
}

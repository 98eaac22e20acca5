package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.bgctl.report.html.RunReport;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A replay's report.html, opened from disk in headless Chromium, draws its plots. */
class RunReportBrowserTest {

    @TempDir
    Path dir;

    @Test
    void theReportDrawsItsPlotsInABrowser() throws Exception {
        Path chromium = HeadlessChromium.forTest();
        Path faults = Files.write(dir.resolve("bgl.faults"), List.of("600000 mp-R000 down", "650000 mp-R000 up"));
        Path out = dir.resolve("run");
        Replay.run(ReplayParameters.none().with("trace", Path.of("src/test/resources/traces/sdsc-sp2-excerpt.swf"))
                .with("machine", "bgl").with("sizes-in", "units").with("first", "300").with("executor", "direct")
                .with("journal", "memory").with("faults", faults.toString()).toSpec(out), Progress.none(),
                Duration.ofHours(1));
        try (HeadlessChromium browser = new HeadlessChromium(chromium, dir.resolve("profile"),
                out.resolve(RunReport.FILE).toUri().toString())) {
            assertTrue(browser.waitFor("document.readyState === 'complete' && document.querySelectorAll('svg.plot')"
                    + ".length > 0", Duration.ofSeconds(30)), "the report drew no plot");
            // every plot takes room on the page: utilization, queue, CDF, slowdown, occupancy, faults
            assertEquals(6, browser.evaluate("[...document.querySelectorAll('svg.plot')].filter(s => {"
                    + " const r = s.getBoundingClientRect(); return r.width > 400 && r.height > 60; }).length").asInt());
            assertEquals(3, browser.evaluate("[...document.querySelectorAll('polyline')]"
                    + ".filter(p => p.points.numberOfItems > 100 && p.getBBox().width > 300).length").asInt(),
                    "three curves drawn across their plots");
            assertTrue(browser.evaluate("[...document.querySelectorAll('figure')].find(f => f.textContent"
                    + ".startsWith('Occupancy')).querySelectorAll('rect title').length").asInt() > 20,
                    "the occupancy timeline shows the jobs' blocks");
            assertEquals("mp-R000", browser.evaluate("[...document.querySelectorAll('figure')].find(f => f.textContent"
                    + ".startsWith('Fault timeline')).querySelector('rect title').textContent.split(' ')[0]").asText());
            Path target = Path.of("target");
            if (Files.isDirectory(target)) browser.screenshot(target.resolve("report.png"));
        }
    }
}

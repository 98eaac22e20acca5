package org.bgctl.report.html;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.report.FaultLog;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** report.html of replays of the committed trace excerpts: its plots, its figures, and the same bytes for the same run. */
class RunReportTest {

    private static final Path SDSC = Path.of("src/test/resources/traces/sdsc-sp2-excerpt.swf");

    @TempDir
    Path dir;

    private static Path replay(Path out, String... options) throws Exception {
        ReplayParameters p = ReplayParameters.none().with("trace", SDSC).with("executor", "direct")
                .with("journal", "memory");
        for (int i = 0; i < options.length; i += 2) p = p.with(options[i], options[i + 1]);
        Replay.run(p.toSpec(out), Progress.none(), Duration.ofHours(1));
        return out.resolve(RunReport.FILE);
    }

    private static int count(String html, String pattern) {
        Matcher m = Pattern.compile(pattern).matcher(html);
        int n = 0;
        while (m.find()) n++;
        return n;
    }

    @Test
    void everyReplayWritesASelfContainedReportWithItsPlots() throws Exception {
        String html = Files.readString(replay(dir.resolve("flat"), "machine", "flat:128"));
        assertEquals(4, count(html, "<svg "), "utilization, queue, wait CDF, slowdown by size");
        for (String caption : List.of("Utilization over time", "Queue length over time", "Wait-time distribution (CDF)",
                "Bounded slowdown by size class"))
            assertTrue(html.contains("<figcaption>" + caption + "</figcaption>"), caption);
        assertEquals(3, count(html, "<polyline "));
        assertFalse(html.contains("Occupancy"), "a flat machine has no midplanes");
        // nothing fetched: no script, stylesheet, image or address other than the SVG namespace
        assertEquals(0, count(html, "<script|<link|<img|url\\(|https?://(?!www\\.w3\\.org/2000/svg)"));
        // numbers for people, and the parameters
        assertTrue(html.contains("<tr><td>machine</td><td>flat:128</td></tr>"));
        assertTrue(html.contains("<tr><td>faults.fault_model</td><td>{}</td></tr>"), "an empty object is an entry too");
        assertTrue(Pattern.compile("<b>\\d+\\.\\d%</b>utilization").matcher(html).find(), "utilization in %");
        assertTrue(Pattern.compile("<b>\\d+d \\d\\d:\\d\\d</b>makespan").matcher(html).find(), "makespan in d hh:mm");
        assertFalse(html.contains("wall_s"), "no wall-clock figure");
    }

    @Test
    void theSameRunGivesTheSameBytes() throws Exception {
        byte[] first = Files.readAllBytes(replay(dir.resolve("a"), "machine", "flat:128", "first", "300"));
        byte[] second = Files.readAllBytes(replay(dir.resolve("b"), "machine", "flat:128", "first", "300"));
        assertArrayEquals(first, second);
        Files.delete(dir.resolve("a").resolve(RunReport.FILE));
        assertArrayEquals(first, Files.readAllBytes(RunReport.write(dir.resolve("a"))), "written again on demand");
    }

    @Test
    void onMidplanesTheReportShowsWhereJobsRanAndTheFaults() throws Exception {
        Path faults = Files.write(dir.resolve("bgl.faults"), List.of("600000 mp-R000 down", "620000 mp-R000 up",
                "700000 sw-x-R100 down", "800000 sw-x-R100 up"));
        Path out = dir.resolve("bgl");
        String html = Files.readString(replay(out, "machine", "bgl", "first", "300", "sizes-in", "units",
                "faults", faults.toString()));
        assertEquals(6, count(html, "<svg "));
        assertTrue(html.contains("<figcaption>Occupancy: the partition each job held</figcaption>"));
        assertTrue(Pattern.compile("<title>job \\d+ on R\\d{3}:\\d+x\\d+x\\d+</title>").matcher(html).find(),
                "a block names its job and partition");
        assertTrue(html.contains("<figcaption>Fault timeline</figcaption>"));
        assertTrue(html.contains("<title>mp-R000 down from "), "the midplane's time down");
        assertEquals(List.of(new FaultLog.Change(600000, "mp-R000", true), new FaultLog.Change(620000, "mp-R000", false),
                new FaultLog.Change(700000, "sw-x-R100", true), new FaultLog.Change(800000, "sw-x-R100", false)),
                FaultLog.read(out.resolve(FaultLog.FILE)));
    }

    @Test
    void failuresBeforeTheFirstSubmissionDoNotMoveTheTimeAxis() throws Exception {
        // the excerpt's first job is submitted at 566129: a random fault model (or a fault file) may fail
        // components long before; the plots still count time from the first submission
        Path faults = Files.write(dir.resolve("early.faults"), List.of("100 mp-R000 down", "200 mp-R000 up",
                "500 mp-R001 down", "570000 mp-R001 up"));
        String html = Files.readString(replay(dir.resolve("early"), "machine", "bgl", "first", "50", "sizes-in",
                "units", "faults", faults.toString()));
        assertTrue(html.contains("<title>mp-R001 down from 0:00:00 to 0d 01:04</title>"),
                "down at the first submission, up 3871 s after it");
        assertFalse(html.contains("<title>mp-R000 down from"), "up again before the first submission");
        assertFalse(html.contains("down from -"), "no time before the first submission");
    }

    /** report.html of the first 50 jobs on flat:128, written again after {@code regex} in summary.json is replaced. */
    private String reportOfEditedSummary(String name, String regex, String replacement) throws Exception {
        Path out = dir.resolve(name);
        replay(out, "machine", "flat:128", "first", "50");
        Path summary = out.resolve("summary.json");
        Files.writeString(summary, Files.readString(summary).replaceFirst(regex, replacement));
        return Files.readString(RunReport.write(out));
    }

    @Test
    void theParametersTableWritesFractionsAsSummaryJsonDoes() throws Exception {
        String html = reportOfEditedSummary("small", "\"lost_capacity\" : [^,]+,", "\"lost_capacity\" : 0.000556,");
        assertTrue(html.contains("<tr><td>lost_capacity</td><td>0.000556</td></tr>"), "not 5.56E-4");
    }

    @Test
    void aServeRunsLatenessIsNotShownForItIsOfTheWallClock() throws Exception {
        // summary.json of bgctl serve: its clock's lateness at the top level, beside timed_events
        String html = reportOfEditedSummary("served", "\"events\" :", "\"timed_events\" : 100,"
                + " \"lateness_p50_ms\" : 1786.834064, \"lateness_startup_ms\" : 3021.2, \"events\" :");
        assertTrue(html.contains("<tr><td>timed_events</td><td>100</td></tr>"), "a count, not a measurement");
        assertFalse(html.contains("lateness"), "wall-clock measurements");
    }

    @Test
    void theJobCountIsOfTheJobsSubmittedNotOfTheFinishedJobsSummaryJsonCallsJobs() throws Exception {
        // cut at 600000 s, some jobs still running: summary.json's
        // "jobs" (the parameters table) counts the finished ones, the figure every job of the run
        Path out = dir.resolve("cut");
        String html = Files.readString(replay(out, "machine", "flat:128", "first", "50", "until", "600000"));
        String summary = Files.readString(out.resolve("summary.json"));
        Matcher submitted = Pattern.compile("\"jobs_submitted\" : (\\d+)").matcher(summary);
        Matcher finished = Pattern.compile("\"jobs\" : (\\d+)").matcher(summary);
        assertTrue(submitted.find() && finished.find(), summary);
        assertFalse(submitted.group(1).equals(finished.group(1)), "jobs still running at the cut");
        assertTrue(html.contains("<b>" + submitted.group(1) + "</b>jobs submitted</div>"), "the figure");
        assertTrue(html.contains("<tr><td>jobs</td><td>" + finished.group(1) + "</td></tr>"), "the parameters table");
    }

    /** The run directory of the first 50 jobs on flat:128, its jobs.csv's row {@code row} (1: the first job) edited. */
    private Path runWithJobsCsvRow(String name, int row, UnaryOperator<String> edit) throws Exception {
        Path out = dir.resolve(name);
        replay(out, "machine", "flat:128", "first", "50");
        Path csv = out.resolve("jobs.csv");
        List<String> rows = new ArrayList<>(Files.readAllLines(csv));
        rows.set(row, edit.apply(rows.get(row)));
        Files.write(csv, rows);
        return out;
    }

    @Test
    void aJobCancelledWhileQueuedIsNotCountedAsNeverStarted() throws Exception {
        // the first 50 jobs all complete; make the first one a job an operator cancelled in the queue
        Path out = runWithJobsCsvRow("cancelled", 1, row -> {
            String[] f = row.split(",", -1);
            f[2] = f[3] = f[4] = f[5] = "";
            f[8] = "0";
            f[11] = "cancelled";
            return String.join(",", f);
        });
        String html = Files.readString(RunReport.write(out));
        assertTrue(html.contains("<b>0</b>never started</div>"), "summary.json's jobs_never_started is 0 too");
    }

    @Test
    void aDirectoryWithoutARunIsRefusedInOneLine() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunReport.write(dir));
        assertEquals(dir + " holds no summary.json: not a run directory, or a run still going", e.getMessage());
        assertFalse(Files.exists(dir.resolve(RunReport.FILE)), "a run that cannot be read leaves no report");
    }

    @Test
    void aSummaryJsonThatIsNoJsonObjectIsRefusedInOneLineNamingIt() throws Exception {
        Path out = dir.resolve("broken");
        replay(out, "machine", "flat:128", "first", "20");
        Path summary = out.resolve("summary.json");
        Files.delete(out.resolve(RunReport.FILE));
        Files.writeString(summary, "{\"machine\" : \"flat:128\",\n");
        IllegalArgumentException cut = assertThrows(IllegalArgumentException.class, () -> RunReport.write(out));
        assertTrue(cut.getMessage().startsWith(summary + ":2: not JSON ("), cut.getMessage());
        for (String text : List.of("", "[1, 2]")) {
            Files.writeString(summary, text);
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunReport.write(out));
            assertEquals(summary + ": not a summary.json of bgctl (expected a JSON object)", e.getMessage(), text);
        }
        assertFalse(Files.exists(out.resolve(RunReport.FILE)), "no report of a run that cannot be read");
    }

    @Test
    void theFaultTimelineCountsOneComponentInTheSingular() {
        String svg = FaultPlot.render(List.of(new FaultLog.Change(10, "mp-R000", true),
                new FaultLog.Change(20, "mp-R000", false)), new TimeSpan(0, 100));
        assertTrue(svg.contains("fault timeline: 1 component failed"), svg);
    }

    @Test
    void aJobsCsvRowCutShortIsRefusedByItsLineAndFieldCount() throws Exception {
        Path out = runWithJobsCsvRow("cut-row", 3, row -> "4,2");
        Path csv = out.resolve("jobs.csv");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RunReport.write(out));
        assertEquals(csv + ":4: not a row of jobs.csv (2 fields, the header names "
                + Files.readAllLines(csv).get(0).split(",").length + ")", e.getMessage());
    }

    @Test
    void numbersForPeople() {
        assertEquals("339d 04:45", Human.duration(29306751));
        assertEquals("0d 00:55", Human.duration(3324.67));
        assertEquals("0:00:42", Human.duration(42));
        assertEquals("66.1%", Human.percent(0.661396));
        assertEquals("10.74", Human.number(10.735916, 2));
        assertEquals("3", Human.number(3.0, 2));
    }

    @Test
    void aStepSeriesIsAveragedOverEachStretch() {
        StepSeries s = new StepSeries(0, 20, 4);
        s.add(15, 2);
        s.add(7, -4);
        s.add(0, 4);
        // 4 over 0..7, 0 over 7..15, 2 from 15 on, whatever order the steps come in
        assertArrayEquals(new double[] {4, 1.6, 0, 2}, s.means(), 1e-9);
        StepSeries late = new StepSeries(10, 30, 2);
        late.add(5, 3);
        late.add(25, 1);
        late.add(30, 7);
        // 3 from before the span on, 1 more from 25, nothing of what comes at its end
        assertArrayEquals(new double[] {3, 3.5}, late.means(), 1e-9);
    }

    @Test
    void quotedCsvFieldsKeepTheirCommas() {
        assertEquals(List.of("1", "a,b", "say \"x\"", ""), RunData.fields("1,\"a,b\",\"say \"\"x\"\"\","));
        assertEquals(List.of("1", "", "x", ""), RunData.fields("1,,x,"), "a line without quotes splits at every comma");
    }
}

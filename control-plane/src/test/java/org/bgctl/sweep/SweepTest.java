package org.bgctl.sweep;

import static org.bgctl.swf.TestTraces.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.bgctl.report.Summary;
import org.bgctl.run.Progress;
import org.bgctl.run.Replay;
import org.bgctl.run.ReplayParameters;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepTest {

    /** The committed excerpt (first 1000 jobs of NASA-iPSC), as a file: the tests run in the module directory. */
    private static final Path NASA = Path.of("src/test/resources/traces/nasa-ipsc-excerpt.swf");

    @TempDir
    Path dir;

    private static SweepSpec nasaGrid() {
        return SweepSpec.named("nasa").withSet("trace", NASA.toString()).withSet("machine", "flat:32")
                .withAxis(Axis.parse("scheduler=fcfs,easy")).withAxis(Axis.parse("runtime_coefficient=0.8,1.2"));
    }

    @Test
    void rowsAreTheReplaysSummariesWhateverTheParallelism() throws IOException {
        Path two = dir.resolve("two");
        Path one = dir.resolve("one");
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        SweepOutcome outcome = Sweep.run(SweepPlan.of(nasaGrid(), two), 2,
                (run, ended, total) -> heard.add(ended + "/" + total + " " + run.status()));
        Sweep.run(SweepPlan.of(nasaGrid(), one), 1, SweepListener.none());

        assertEquals(List.of("1/4 COMPLETED", "2/4 COMPLETED", "3/4 COMPLETED", "4/4 COMPLETED"), heard);
        assertEquals(0, outcome.failed());
        assertSameFile(two, one, Sweep.RESULTS_CSV);
        assertSameFile(two, one, Sweep.SWEEP_JSON);

        List<String> csv = Files.readAllLines(two.resolve(Sweep.RESULTS_CSV));
        List<String> header = List.of(csv.get(0).split(","));
        assertEquals(List.of("run", "scheduler", "runtime_coefficient", "status"), header.subList(0, 4));
        assertEquals(5, csv.size());
        String[][] expected = {{"fcfs", "0.8"}, {"fcfs", "1.2"}, {"easy", "0.8"}, {"easy", "1.2"}};
        for (int i = 0; i < expected.length; i++) {
            List<String> row = List.of(csv.get(i + 1).split(",", -1));
            assertEquals(List.of(Integer.toString(i + 1), expected[i][0], expected[i][1], "ok"), row.subList(0, 4));
            Summary alone = Replay.run(ReplayParameters.none().with("trace", NASA).with("machine", "flat:32")
                    .with("scheduler", expected[i][0]).with("runtime_coefficient", expected[i][1])
                    .with("executor", "direct").toSpec(dir.resolve("alone-" + i)), Progress.none(), Duration.ofHours(1))
                    .summary();
            for (String metric : SweepResults.METRICS)
                assertEquals(expectedCell(alone, metric), row.get(header.indexOf(metric)), metric + " of run " + (i + 1));
        }
    }

    @Test
    void theSameSweepWithOtherPlotsRemovesTheEarlierPlotsAndNothingElse() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct");
        Sweep.run(SweepPlan.of(direct, out), 2, SweepListener.none());
        Path plots = out.resolve(Sweep.PLOTS);
        Files.writeString(plots.resolve("notes.txt"), "kept");
        Files.writeString(plots.resolve("mine.png"), "kept");
        SweepSpec other = new SweepSpec("nasa", direct.base(), direct.axes(),
                List.of(new PlotSpec("runtime_coefficient", "mean_wait_s", List.of("scheduler"), null, "wait", false)));

        SweepOutcome again = Sweep.run(SweepPlan.of(other, out), 2, SweepListener.none());
        assertEquals(List.of(plots.resolve("wait.png"), plots.resolve("wait.svg")), again.plots());
        try (var files = Files.list(plots)) {
            assertEquals(List.of("mine.png", "notes.txt", "wait.png", "wait.svg"),
                    files.map(f -> f.getFileName().toString()).sorted().toList());
        }
    }

    @Test
    void aSecondInvocationKeepsFinishedRunsAndRerunsTheRest() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct");
        Sweep.run(SweepPlan.of(direct, out), 2, SweepListener.none());
        byte[] results = Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV));

        SweepOutcome again = Sweep.run(SweepPlan.of(direct, out), 2, SweepListener.none());
        assertEquals(List.of(RunStatus.RESUMED, RunStatus.RESUMED, RunStatus.RESUMED, RunStatus.RESUMED),
                again.runs().stream().map(RunOutcome::status).toList());
        assertArrayEquals(results, Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV)));

        Path interrupted = out.resolve("runs/003-easy-0.8");
        Files.delete(interrupted.resolve("summary.json"));
        Files.writeString(interrupted.resolve("jobs.csv"), "half a file");
        SweepOutcome resumed = Sweep.run(SweepPlan.of(direct, out), 2, SweepListener.none());
        assertEquals(List.of(RunStatus.RESUMED, RunStatus.RESUMED, RunStatus.COMPLETED, RunStatus.RESUMED),
                resumed.runs().stream().map(RunOutcome::status).toList());
        assertArrayEquals(results, Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV)));
    }

    @Test
    void aRunKilledBetweenItsSummaryAndItsReportIsRunAgain() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct").withAxis(Axis.parse("runtime_coefficient=0.8"));
        Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        Path killed = out.resolve("runs/002-easy-0.8");
        Files.delete(killed.resolve("report.html"));

        SweepOutcome resumed = Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        assertEquals(List.of(RunStatus.RESUMED, RunStatus.COMPLETED),
                resumed.runs().stream().map(RunOutcome::status).toList());
        assertTrue(Files.isRegularFile(killed.resolve("report.html")));
    }

    @Test
    void aFinishedRunWhoseInputFileChangedIsRunAgainWithTheFileAsItIsNow() throws IOException {
        Path out = dir.resolve("out");
        Path windows = Files.writeString(dir.resolve("windows.txt"), "100000 150000 all maint\n");
        SweepSpec direct = nasaGrid().withSet("executor", "direct").withSet("first_jobs", "300")
                .withSet("reservations", windows.toString()).withAxis(Axis.parse("runtime_coefficient=0.8"));
        Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        assertEquals(List.of(RunStatus.RESUMED, RunStatus.RESUMED), Sweep.run(SweepPlan.of(direct, out), 1,
                SweepListener.none()).runs().stream().map(RunOutcome::status).toList());

        Files.writeString(windows, "100000 150000 all maint\n200000 250000 all second\n");
        SweepOutcome again = Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        assertEquals(List.of(RunStatus.COMPLETED, RunStatus.COMPLETED),
                again.runs().stream().map(RunOutcome::status).toList());
        assertEquals(List.of("2", "2"), again.results().rows().stream().map(r -> r.get("reservations_windows")).toList());
    }

    @Test
    void anUnreadableParametersFileIsRefusedByNameAndAHalfWrittenOneIsRunAgain() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct").withAxis(Axis.parse("runtime_coefficient=0.8"));
        Path parameters = out.resolve("runs/001-fcfs-0.8/parameters.json");
        Files.createDirectories(parameters.getParent());
        Files.writeString(parameters, "{ \"run\" : 1, \"val");

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none()));
        assertTrue(e.getMessage().contains("run 1: " + parameters + " cannot be read"), e.getMessage());

        Files.move(parameters, parameters.resolveSibling("parameters.json.part"));
        assertEquals(List.of(RunStatus.COMPLETED, RunStatus.COMPLETED), Sweep.run(SweepPlan.of(direct, out), 1,
                SweepListener.none()).runs().stream().map(RunOutcome::status).toList());
    }

    @Test
    void anotherSweepIntoTheDirectoryOfASweepIsRefusedAndChangesNothing() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct").withSet("first_jobs", "200")
                .withAxis(Axis.parse("runtime_coefficient=0.8"));
        Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        byte[] results = Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV));
        byte[] sweep = Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON));

        // other axes whose run directories are all new: nothing else would stop it
        IllegalArgumentException axes = assertThrows(IllegalArgumentException.class, () -> Sweep.run(
                SweepPlan.of(direct.withSet("scheduler", "easy").withAxis(Axis.parse("size_divide=1,2")), out), 1,
                SweepListener.none()));
        assertEquals(out + " holds the results of another sweep (base: scheduler = unset there, 'easy' now;"
                + " axes: 'scheduler=fcfs,easy runtime_coefficient=0.8'"
                + " there, 'runtime_coefficient=0.8 size_divide=1,2' now); choose another --out or remove it (nothing was"
                + " changed)", axes.getMessage());
        IllegalArgumentException base = assertThrows(IllegalArgumentException.class, () -> Sweep.finished(
                SweepPlan.of(direct.withSet("first_jobs", "300"), out)));
        assertTrue(base.getMessage().contains("(base: first_jobs = '200' there, '300' now)"), base.getMessage());

        assertArrayEquals(results, Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV)));
        assertArrayEquals(sweep, Files.readAllBytes(out.resolve(Sweep.SWEEP_JSON)));
        try (var runs = Files.list(out.resolve("runs"))) {
            assertEquals(List.of("001-fcfs-0.8", "002-easy-0.8"),
                    runs.map(r -> r.getFileName().toString()).sorted().toList());
        }
        assertEquals(List.of(RunStatus.RESUMED, RunStatus.RESUMED), Sweep.run(SweepPlan.of(direct, out), 1,
                SweepListener.none()).runs().stream().map(RunOutcome::status).toList());
    }

    @Test
    void aDirectoryHoldingOtherRunsIsRefusedBeforeAnythingStarts() throws IOException {
        Path out = dir.resolve("out");
        SweepSpec direct = nasaGrid().withSet("executor", "direct").withAxis(Axis.parse("runtime_coefficient=0.8"));
        Sweep.run(SweepPlan.of(direct, out), 1, SweepListener.none());
        byte[] results = Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV));
        // the runs alone, without the record of the sweep they were part of
        Files.delete(out.resolve(Sweep.SWEEP_JSON));

        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Sweep.run(
                SweepPlan.of(direct.withSet("first_jobs", "500"), out), 1, SweepListener.none()));
        assertTrue(e.getMessage().contains("run 1: " + out.resolve("runs/001-fcfs-0.8")
                + " holds a run with other parameters (first_jobs = unset there, '500' now)"), e.getMessage());
        assertArrayEquals(results, Files.readAllBytes(out.resolve(Sweep.RESULTS_CSV)));
    }

    @Test
    void aFailedRunIsReportedAndTheOthersGoOn() throws IOException {
        Path trace = TestTraces.write(dir, "broken.swf", job(1, 0, 100, 4, 4, 200), job(2, 10, 50, 2, 2, 60),
                "3 20 -1 not-a-number 2 -1 -1 2 60 -1 1 1 1 1 1 -1 -1 -1", job(4, 30, 40, 8, 8, 60));
        SweepSpec spec = SweepSpec.named("broken").withSet("trace", trace.toString()).withSet("machine", "flat:16")
                .withSet("executor", "direct").withAxis(Axis.parse("lenient=false,true"));
        Path out = dir.resolve("out");
        List<String> lines = Collections.synchronizedList(new ArrayList<>());
        SweepOutcome outcome = Sweep.run(SweepPlan.of(spec, out), 2, (run, ended, total) -> lines.add(run.line(total)));

        assertEquals(1, outcome.failed());
        RunOutcome failed = outcome.runs().get(0);
        assertEquals(RunStatus.FAILED, failed.status());
        assertTrue(failed.error().contains("broken.swf line 3, field 4 (run time): 'not-a-number' is not a number"),
                failed.error());
        assertTrue(Files.readString(out.resolve("runs/001-false/error.txt")).contains("SwfFormatException"));
        assertTrue(lines.stream().anyMatch(l -> l.startsWith("run 1/2 failed after ")
                && l.contains(": lenient=false: broken.swf line 3")), lines.toString());
        assertEquals(RunStatus.COMPLETED, outcome.runs().get(1).status());

        assertEquals(List.of("failed", "ok"), outcome.results().rows().stream().map(ResultRow::status).toList());
        assertEquals("", outcome.results().rows().get(0).get("utilization"));
        List<String> csv = Files.readAllLines(out.resolve(Sweep.RESULTS_CSV));
        assertTrue(csv.get(1).startsWith("1,false,failed,,,"), csv.get(1));
        assertTrue(csv.get(2).startsWith("2,true,ok,"), csv.get(2));
        assertTrue(Files.size(out.resolve("plots/mean_wait_s-vs-utilization.png")) > 0);
    }

    @Test
    void aSweepVariesTheKillPolicyAndTheFaultLawAndTabulatesTheFaults() throws IOException {
        SweepSpec spec = SweepSpec.named("faults").withSet("trace", NASA.toString()).withSet("machine", "flat:128")
                .withSet("executor", "direct").withSet("first_jobs", "300")
                .withAxis(Axis.parse("on_kill=requeue,fail"))
                .withAxis(Axis.parse("fault_node=exponential(2000000)/exponential(3600)"));
        Path out = dir.resolve("faults");
        SweepOutcome outcome = Sweep.run(SweepPlan.of(spec, out), 1, SweepListener.none());

        assertEquals(0, outcome.failed());
        List<ResultRow> rows = outcome.results().rows();
        for (String column : SweepResults.FAULT_METRICS)
            assertTrue(outcome.results().header().contains("faults_" + column), column);
        ResultRow requeue = rows.get(0);
        ResultRow fail = rows.get(1);
        assertTrue(Long.parseLong(requeue.get("faults_kills")) > 0, "nodes failed under running jobs");
        assertEquals(requeue.get("faults_kills"), requeue.get("faults_requeues"));
        assertEquals("0", fail.get("faults_requeues"));
        assertEquals(fail.get("faults_kills"), fail.get("faults_jobs_failed"));
        assertEquals("0", requeue.get("faults_invariant_violations"));
        assertEquals("0", fail.get("faults_invariant_violations"));
    }

    @Test
    void aSweepOfBootFailuresTabulatesTheBoots() throws IOException {
        SweepSpec spec = SweepSpec.named("boots").withSet("trace", NASA.toString()).withSet("machine", "bgl")
                .withSet("sizes_in", "units").withSet("executor", "direct").withSet("first_jobs", "300")
                .withSet("boot_model", "machine").withAxis(Axis.parse("boot_failure=0,0.05"));
        SweepOutcome outcome = Sweep.run(SweepPlan.of(spec, dir.resolve("boots")), 1, SweepListener.none());

        assertEquals(0, outcome.failed());
        for (String column : SweepResults.BLOCK_METRICS)
            assertTrue(outcome.results().header().contains("blocks_" + column), column);
        ResultRow none = outcome.results().rows().get(0);
        ResultRow some = outcome.results().rows().get(1);
        assertEquals("0", none.get("blocks_boot_failures"));
        assertEquals(none.get("jobs"), none.get("blocks_boots"), "one boot per job when none fails");
        assertTrue(Long.parseLong(some.get("blocks_boot_failures")) > 0, some.toString());
        assertTrue(Long.parseLong(some.get("blocks_boot_s")) > Long.parseLong(none.get("blocks_boot_s")));
    }

    @Test
    void aSweepOfReservationWindowsTabulatesWhatTheyCost() throws IOException {
        Path maintenance = Files.writeString(dir.resolve("maintenance.txt"), "100000 150000 all maint\n");
        Path half = Files.writeString(dir.resolve("half.txt"), "100000 150000 64 half\n");
        SweepSpec spec = SweepSpec.named("windows").withSet("trace", NASA.toString()).withSet("machine", "flat:128")
                .withSet("executor", "direct").withSet("first_jobs", "300")
                .withAxis(Axis.of("reservations", maintenance + "," + half)).withAxis(Axis.parse("scheduler=fcfs,easy"));
        Path out = dir.resolve("windows");
        SweepOutcome outcome = Sweep.run(SweepPlan.of(spec, out), 1, SweepListener.none());

        assertEquals(0, outcome.failed());
        for (int i = 0; i < 4; i++) {
            ResultRow row = outcome.results().rows().get(i);
            Map<?, ?> reservations = (Map<?, ?>) outcome.runs().get(i).summary().get("reservations");
            for (String field : SweepResults.RESERVATION_METRICS)
                assertEquals(SweepResults.text(reservations.get(field)), row.get("reservations_" + field), field);
        }
        ResultRow whole = outcome.results().rows().get(0);
        assertEquals("1", whole.get("reservations_windows"));
        assertTrue(Double.parseDouble(whole.get("reservations_wait_caused_s")) > 0, whole.toString());
    }

    private static String expectedCell(Summary summary, String metric) {
        Object value = switch (metric) {
            case "measured_offered_load" -> summary.get("offered_load");
            case "jobs_skipped" -> ((Map<?, ?>) summary.get("jobs_skipped")).values().stream()
                    .mapToLong(v -> ((Number) v).longValue()).sum();
            default -> summary.get(metric);
        };
        return value instanceof BigDecimal d ? d.toPlainString() : String.valueOf(value);
    }

    private static void assertSameFile(Path a, Path b, String name) throws IOException {
        assertEquals(Files.readString(a.resolve(name)), Files.readString(b.resolve(name)), name);
    }
}

package org.bgctl.sweep;

import static org.bgctl.swf.TestTraces.job;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.imageio.ImageIO;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepPlotsTest {

    @TempDir
    Path dir;

    private SweepPlan plan;

    @BeforeEach
    void plan() throws IOException {
        Path trace = TestTraces.write(dir, "t.swf", job(1, 0, 100, 4, 4, 200), job(2, 50, 300, 2, 2, 600));
        plan = SweepPlan.of(SweepSpec.named("t").withSet("trace", trace.toString()).withSet("machine", "flat:16")
                .withAxis(Axis.parse("scheduler=fcfs,easy")).withAxis(Axis.parse("runtime_coefficient=1.2,0.8,1.0")),
                dir.resolve("out"));
    }

    /** Made-up summaries: utilization grows with the coefficient, easy waits less; run 6 failed. */
    private SweepResults results() {
        List<RunOutcome> outcomes = new ArrayList<>();
        for (PlannedRun run : plan.runs()) {
            double c = Double.parseDouble(run.point().values().get("runtime_coefficient"));
            boolean easy = run.point().values().get("scheduler").equals("easy");
            if (run.index() == 6) {
                outcomes.add(new RunOutcome(run, RunStatus.FAILED, Map.of(), "broken", 1));
                continue;
            }
            outcomes.add(new RunOutcome(run, RunStatus.COMPLETED, Map.of(
                    "utilization", BigDecimal.valueOf(c * (easy ? 0.6 : 0.5)),
                    "mean_wait_s", BigDecimal.valueOf(easy ? 0 : c * 1000),
                    "mean_bounded_slowdown", BigDecimal.valueOf(c * 3)), null, 1));
        }
        return SweepResults.of(plan, outcomes);
    }

    @Test
    void eachPlotIsWrittenAsPngAndSvg() throws IOException {
        Path plots = dir.resolve("out/plots");
        List<Path> files = SweepPlots.write(plan.plots(), results(), plots);
        assertEquals(List.of(plots.resolve("utilization-vs-runtime_coefficient.png"),
                plots.resolve("utilization-vs-runtime_coefficient.svg"), plots.resolve("mean_wait_s-vs-utilization.png"),
                plots.resolve("mean_wait_s-vs-utilization.svg"), plots.resolve("mean_bounded_slowdown-vs-utilization.png"),
                plots.resolve("mean_bounded_slowdown-vs-utilization.svg")), files);
        for (Path f : files) assertTrue(Files.size(f) > 5_000, f + " has " + Files.size(f) + " bytes");

        BufferedImage png = ImageIO.read(files.get(0).toFile());
        assertEquals(SweepPlots.WIDTH, png.getWidth());
        assertEquals(SweepPlots.HEIGHT, png.getHeight());
        String svg = Files.readString(files.get(1));
        assertTrue(svg.contains("<svg"), svg.substring(0, 200));
        assertTrue(svg.contains("viewBox=\"0 0 " + SweepPlots.WIDTH + " " + SweepPlots.HEIGHT + "\""), svg.substring(0, 400));
    }

    @Test
    void aPlotWithNoPointNowLeavesNoFileOfAnEarlierDrawing() throws IOException {
        Path plots = dir.resolve("out/plots");
        List<PlotSpec> wait = List.of(plan.plots().get(1));
        assertEquals(2, SweepPlots.write(wait, results(), plots).size());
        List<RunOutcome> failed = new ArrayList<>();
        for (PlannedRun run : plan.runs()) failed.add(new RunOutcome(run, RunStatus.FAILED, Map.of(), "broken", 1));

        assertEquals(List.of(), SweepPlots.write(wait, SweepResults.of(plan, failed), plots));
        try (var files = Files.list(plots)) {
            assertEquals(List.of(), files.toList());
        }
    }

    @Test
    void pointsAreGroupedBySeriesAndSortedByX() {
        PlotSpec plot = plan.plots().get(0);
        Map<String, List<double[]>> series = SweepPlots.points(plot, results());
        assertEquals(List.of("fcfs", "easy"), List.copyOf(series.keySet()));
        assertPoints(new double[][] {{0.8, 0.4}, {1.0, 0.5}, {1.2, 0.6}}, series.get("fcfs"));
        // run 6 (easy, 1.0) failed and is not drawn
        assertPoints(new double[][] {{0.8, 0.48}, {1.2, 0.72}}, series.get("easy"));
    }

    @Test
    void aLogarithmicAxisLeavesOutWhatIsNotPositive() {
        PlotSpec wait = plan.plots().get(1);
        PlotSpec logWait = new PlotSpec(wait.x(), wait.y(), wait.series(), wait.title(), wait.name(), true);
        assertEquals(List.of("fcfs", "easy"), List.copyOf(SweepPlots.points(wait, results()).keySet()));
        assertEquals(List.of("fcfs"), List.copyOf(SweepPlots.points(logWait, results()).keySet()));
    }

    @Test
    void aPlotWithNothingToDrawIsLeftOut() throws IOException {
        PlotSpec plot = new PlotSpec("utilization", "jobs_ended_killed", List.of(), null, null, false);
        assertNull(SweepPlots.chart(plot, results()));
        assertEquals(List.of(), SweepPlots.write(List.of(plot), results(), dir.resolve("plots")));
    }

    private static void assertPoints(double[][] expected, List<double[]> actual) {
        assertEquals(expected.length, actual.size());
        for (int i = 0; i < expected.length; i++) assertArrayEquals(expected[i], actual.get(i), 1e-9);
    }
}

package org.bgctl.sweep;

import static org.bgctl.swf.TestTraces.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.BeforeEach;
import org.bgctl.scheduler.policy.Policies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SweepPlanTest {

    @TempDir
    Path dir;

    private SweepSpec base;

    @BeforeEach
    void trace() throws IOException {
        Path trace = TestTraces.write(dir, "t.swf", job(1, 0, 100, 4, 4, 200), job(2, 50, 300, 2, 2, 600));
        base = SweepSpec.named("t").withSet("trace", trace.toString()).withSet("machine", "flat:16");
    }

    @Test
    void everyRunIsBuiltInGridOrder() {
        SweepPlan plan = SweepPlan.of(base.withAxis(Axis.parse("scheduler=fcfs,easy"))
                .withAxis(Axis.parse("runtime_coefficient=0.5:1.5:0.5")), dir.resolve("out"));
        assertEquals(6, plan.runs().size());
        PlannedRun fifth = plan.runs().get(4);
        assertEquals(5, fifth.index());
        assertEquals(dir.resolve("out/runs/005-easy-1.0"), fifth.dir());
        assertEquals("easy", fifth.spec().scheduler());
        assertEquals(1.0, fifth.spec().workload().runtimeCoefficient());
        assertEquals(dir.resolve("out/runs/005-easy-1.0"), fifth.spec().out());
        assertEquals("memory", fifth.parameters().get("journal").orElseThrow());
        assertEquals("actors", fifth.parameters().get("executor").orElseThrow());
    }

    @Test
    void badRunsAreListedWithTheirParametersBeforeAnythingStarts() {
        Path out = dir.resolve("out");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepPlan.of(
                base.withAxis(Axis.parse("scheduler=easy,sjf")).withAxis(Axis.parse("size_divide=1,0")), out));
        String known = String.join(", ", Policies.names());
        assertEquals("""
                3 of 4 runs cannot start (nothing was started):
                  run 2 (scheduler=easy size_divide=0): --size-divide must be at least 1, was 0
                  run 3 (scheduler=sjf size_divide=1) and 1 more run: unknown scheduler 'sjf'; known: %s""".formatted(known),
                e.getMessage());
        assertFalse(Files.exists(out));
    }

    @Test
    void aBadValueIsToldOnceByWhereItIsGivenHoweverManyRunsHaveIt() {
        SweepSpec spec = base.withSet("runtime_coefficient", "-1", "s.conf line 4")
                .withAxis(Axis.parse("scheduler=fcfs,easy,sjf"), "s.conf line 6")
                .withAxis(Axis.parse("size_divide=1,2"), "s.conf line 7");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SweepPlan.of(spec, dir.resolve("out")));
        assertEquals("""
                6 of 6 runs cannot start (nothing was started):
                  s.conf line 4: runtime_coefficient = '-1': --runtime-coefficient must be positive and finite, was -1.0
                  s.conf line 6: scheduler = 'sjf': unknown scheduler 'sjf'; known: %s"""
                .formatted(String.join(", ", Policies.names())), e.getMessage());

        IllegalArgumentException missing = assertThrows(IllegalArgumentException.class, () -> SweepPlan.of(
                spec.withSet("trace", dir.resolve("missing.swf").toString(), "--set 'trace=missing.swf'"),
                dir.resolve("out")));
        assertTrue(missing.getMessage().endsWith(":\n  --set 'trace=missing.swf': trace = '" + dir.resolve("missing.swf")
                + "': trace " + dir.resolve("missing.swf") + " does not exist or is not a file"), missing.getMessage());
    }

    @Test
    void aSweepWithoutATraceSaysWhereToGiveOne() {
        IllegalArgumentException single = assertThrows(IllegalArgumentException.class,
                () -> SweepPlan.of(SweepSpec.named("t").withSet("machine", "flat:16"), dir.resolve("out")));
        assertEquals("1 of 1 runs cannot start (nothing was started):\n  the run: no trace is given: set trace = FILE in"
                + " the sweep file, or give --set trace=FILE", single.getMessage());
        IllegalArgumentException swept = assertThrows(IllegalArgumentException.class, () -> SweepPlan.of(
                SweepSpec.named("t").withAxis(Axis.parse("scheduler=fcfs,easy"), "s.conf line 2"), dir.resolve("out")));
        assertEquals("2 of 2 runs cannot start (nothing was started):\n  run 1 (scheduler=fcfs) and 1 more run: no trace"
                + " is given: set trace = FILE in the sweep file, or give --set trace=FILE", swept.getMessage());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void jobGeometryAMachineCannotTakeIsRefusedBeforeAnythingStarts() {
        SweepSpec swept = base.withAxis(Axis.parse("machine=paragon-sdsc,supernode,bgl"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SweepPlan.of(swept.withSet("pin_shapes", "true"), dir.resolve("out")));
        assertTrue(e.getMessage().contains("2 of 3 runs cannot start (nothing was started):\n  run 1 (machine=paragon-sdsc):"
                + " job shapes, fat shapes, tori and pinned shapes need a machine of midplanes"), e.getMessage());
        IllegalArgumentException units = assertThrows(IllegalArgumentException.class,
                () -> SweepPlan.of(swept.withSet("sizes_in", "units"), dir.resolve("out")));
        assertTrue(units.getMessage().contains("run 2 (machine=supernode): --sizes-in units: supernode:4x4x8 counts job"
                + " sizes in nodes"), units.getMessage());
        assertFalse(Files.exists(dir.resolve("out")));
    }

    @Test
    void aMissingTraceIsFoundBeforeAnythingStarts() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepPlan.of(
                base.withSet("trace", dir.resolve("missing.swf").toString()), dir.resolve("out")));
        assertTrue(e.getMessage().contains("the run: trace " + dir.resolve("missing.swf")
                + " does not exist"), e.getMessage());
    }

    @Test
    void aSweptParameterLeavesTheBase() {
        SweepPlan plan = SweepPlan.of(base.withSet("scheduler", "fcfs").withAxis(Axis.parse("scheduler=easy")), dir);
        assertFalse(plan.spec().base().get("scheduler").isPresent());
        assertEquals("easy", plan.runs().get(0).spec().scheduler());
    }

    @Test
    void defaultPlotsRunAlongTheFirstNumericAxis() {
        SweepPlan plan = SweepPlan.of(base.withAxis(Axis.parse("machine=flat:16,flat:32"))
                .withAxis(Axis.parse("scheduler=fcfs,easy")).withAxis(Axis.parse("estimate_source=exact"))
                .withAxis(Axis.parse("runtime_coefficient=0.5,1")), dir);
        assertEquals(List.of(
                new PlotSpec("runtime_coefficient", "utilization", List.of("machine", "scheduler"),
                        "utilization vs runtime_coefficient", "utilization-vs-runtime_coefficient", false),
                new PlotSpec("utilization", "mean_wait_s", List.of("machine", "scheduler"),
                        "mean_wait_s vs utilization", "mean_wait_s-vs-utilization", false),
                new PlotSpec("utilization", "mean_bounded_slowdown", List.of("machine", "scheduler"),
                        "mean_bounded_slowdown vs utilization", "mean_bounded_slowdown-vs-utilization", false)),
                plan.plots());
    }

    @Test
    void withoutANumericAxisEveryAxisIsASeries() {
        SweepPlan plan = SweepPlan.of(base.withAxis(Axis.parse("scheduler=fcfs,easy")), dir);
        assertEquals(2, plan.plots().size());
        assertEquals(List.of("scheduler"), plan.plots().get(0).series());
    }

    @Test
    void plotsAreCheckedAgainstTheColumns() {
        SweepSpec swept = base.withAxis(Axis.parse("scheduler=fcfs,easy")).withAxis(Axis.parse("offered_load=0.5,0.9"));
        assertPlotError("x = scheduler has values that are not numbers", swept, PlotSpec.of("scheduler", "utilization"));
        assertPlotError("y = speed is not a metric; swept: scheduler, offered_load; metrics: measured_offered_load,",
                swept, PlotSpec.of("offered_load", "speed"));
        assertPlotError("x = first_jobs is neither a swept parameter nor a metric", swept,
                PlotSpec.of("first_jobs", "utilization"));
        assertPlotError("series machine is not a swept parameter; swept: scheduler, offered_load", swept,
                new PlotSpec("offered_load", "utilization", List.of("machine"), null, null, false));
    }

    @Test
    void theFaultAndBootColumnsCanBePlotted() {
        SweepSpec swept = base.withAxis(Axis.parse("offered_load=0.5,0.9"));
        SweepPlan plan = SweepPlan.of(new SweepSpec("t", swept.base(), swept.axes(), List.of(
                PlotSpec.of("offered_load", "faults_requeues"), PlotSpec.of("faults_availability", "blocks_boot_failures"))),
                dir);
        assertEquals(List.of("faults_requeues-vs-offered_load", "blocks_boot_failures-vs-faults_availability"),
                plan.plots().stream().map(PlotSpec::fileName).toList());
        assertPlotError("metrics: measured_offered_load, utilization,", swept, PlotSpec.of("offered_load", "faults_kill"));
        assertPlotError("preemptions, faults_failures, faults_kills,", swept, PlotSpec.of("offered_load", "faults_kill"));
    }

    @Test
    void plotNamesAreUnique() {
        SweepSpec swept = base.withAxis(Axis.parse("offered_load=0.5,0.9"));
        SweepPlan plan = SweepPlan.of(new SweepSpec("t", swept.base(), swept.axes(), List.of(
                PlotSpec.of("offered_load", "utilization"), PlotSpec.of("offered_load", "utilization"))), dir);
        assertEquals(List.of("utilization-vs-offered_load", "utilization-vs-offered_load-2"),
                plan.plots().stream().map(PlotSpec::fileName).toList());
    }

    @Test
    void theDescriptionHoldsTheResolvedRuns() {
        SweepPlan plan = SweepPlan.of(base.withAxis(Axis.parse("offered_load=0.5,1")), dir.resolve("out"));
        Map<String, Object> doc = plan.describe();
        assertEquals(List.of("name", "base", "axes", "plots", "runs"), List.copyOf(doc.keySet()));
        List<?> runs = (List<?>) doc.get("runs");
        // 1000 node-seconds submitted over 50 s on 16 nodes: offered load 1.25
        assertEquals(Map.of("run", 1, "dir", "runs/001-0.5", "values", Map.of("offered_load", "0.5"),
                "arrival_scale", 1.25 / 0.5), runs.get(0));
        assertEquals(1.25, ((Map<?, ?>) runs.get(1)).get("arrival_scale"));
    }

    private void assertPlotError(String expected, SweepSpec swept, PlotSpec plot) {
        SweepSpec withPlot = new SweepSpec("t", swept.base(), swept.axes(), List.of(plot));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SweepPlan.of(withPlot, dir));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}

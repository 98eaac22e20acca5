package org.bgctl.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.run.LoadMeter;
import org.bgctl.run.ReplayParameters;

/**
 * A sweep resolved against its output directory: every run's replay spec built and validated,
 * and the plots resolved against the results' columns. Nothing is started or written.
 */
public final class SweepPlan {

    private final SweepSpec spec;
    private final Path out;
    private final List<PlannedRun> runs;
    private final List<PlotSpec> plots;

    private SweepPlan(SweepSpec spec, Path out, List<PlannedRun> runs, List<PlotSpec> plots) {
        this.spec = spec;
        this.out = out;
        this.runs = List.copyOf(runs);
        this.plots = List.copyOf(plots);
    }

    /**
     * Plans {@code spec} into {@code out}: builds every run's replay spec (a target offered load
     * is measured once per distinct workload) and resolves the plots.
     *
     * @throws IllegalArgumentException telling why runs cannot start ({@link RunProblems}), or naming a bad plot
     */
    public static SweepPlan of(SweepSpec spec, Path out) {
        Grid grid = spec.grid();
        ReplayParameters base = spec.base();
        for (Axis a : grid.axes()) base = base.with(a.parameter(), null);
        LoadMeter meter = LoadMeter.reading().remembering();
        int width = Math.max(3, String.valueOf(grid.size()).length());
        List<PlannedRun> runs = new ArrayList<>();
        RunProblems problems = new RunProblems(spec.givenAt(), meter);
        for (GridPoint point : grid.points()) {
            ReplayParameters parameters = base;
            for (Map.Entry<String, String> v : point.values().entrySet())
                parameters = parameters.with(v.getKey(), v.getValue());
            Path dir = out.resolve("runs").resolve(String.format("%0" + width + "d-%s", point.index(), point.label()));
            try {
                runs.add(new PlannedRun(point, parameters, RunProblems.check(parameters, dir, meter), dir));
            } catch (IllegalArgumentException | IOException e) {
                problems.add(point, parameters, e.getMessage(), dir);
            }
        }
        problems.throwIfAny(grid.size());
        return new SweepPlan(new SweepSpec(spec.name(), base, grid.axes(), spec.plots()), out, runs,
                resolvePlots(grid, spec.plots()));
    }

    /** The sweep, its base without the swept parameters. */
    public SweepSpec spec() {
        return spec;
    }

    /** The output directory. */
    public Path out() {
        return out;
    }

    /** The runs, in grid order. */
    public List<PlannedRun> runs() {
        return runs;
    }

    /** The plots to draw, resolved: explicit series, titles and unique file names. */
    public List<PlotSpec> plots() {
        return plots;
    }

    /** The resolved sweep as sweep.json holds it: name, base, axes, plots, and each run's values. */
    public Map<String, Object> describe() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("name", spec.name());
        doc.put("base", spec.base().asMap());
        List<Map<String, Object>> axes = new ArrayList<>();
        for (Axis a : spec.axes()) {
            Map<String, Object> axis = new LinkedHashMap<>();
            axis.put("parameter", a.parameter());
            axis.put("values", a.values());
            axes.add(axis);
        }
        doc.put("axes", axes);
        List<Map<String, Object>> plotList = new ArrayList<>();
        for (PlotSpec p : plots) {
            Map<String, Object> plot = new LinkedHashMap<>();
            plot.put("name", p.fileName());
            plot.put("x", p.x());
            plot.put("y", p.y());
            plot.put("series", p.series());
            plot.put("title", p.shownTitle());
            plot.put("log_y", p.logY());
            plotList.add(plot);
        }
        doc.put("plots", plotList);
        List<Map<String, Object>> runList = new ArrayList<>();
        for (PlannedRun r : runs) {
            Map<String, Object> run = new LinkedHashMap<>();
            run.put("run", r.index());
            run.put("dir", out.relativize(r.dir()).toString().replace('\\', '/'));
            run.put("values", r.point().values());
            run.put("arrival_scale", r.spec().workload().arrivalScale());
            runList.add(run);
        }
        doc.put("runs", runList);
        return doc;
    }

    /**
     * The plots to draw: those given, or by default utilization against the first numeric axis
     * (when there is one), and mean wait and mean bounded slowdown against utilization.
     */
    static List<PlotSpec> resolvePlots(Grid grid, List<PlotSpec> given) {
        Axis along = firstNumericVaryingAxis(grid);
        List<PlotSpec> wanted = new ArrayList<>(given);
        if (wanted.isEmpty()) {
            if (along != null) wanted.add(PlotSpec.of(along.parameter(), "utilization"));
            wanted.add(PlotSpec.of("utilization", "mean_wait_s"));
            wanted.add(PlotSpec.of("utilization", "mean_bounded_slowdown"));
        }
        List<PlotSpec> resolved = new ArrayList<>();
        Set<String> names = new HashSet<>();
        for (PlotSpec p : wanted) {
            check(grid, p);
            List<String> series = p.series() != null ? p.series() : defaultSeries(grid, p.x(), along);
            String name = p.fileName();
            for (int n = 2; !names.add(name); n++) name = p.fileName() + "-" + n;
            resolved.add(new PlotSpec(p.x(), p.y(), series, p.shownTitle(), name, p.logY(), p.origin()));
        }
        return resolved;
    }

    private static void check(Grid grid, PlotSpec p) {
        Axis xAxis = grid.axis(p.x());
        if (xAxis == null && !SweepResults.isMetric(p.x()))
            throw new IllegalArgumentException(p.named() + ": x = " + p.x()
                    + " is neither a swept parameter nor a metric; " + columns(grid));
        if (xAxis != null && !xAxis.numeric())
            throw new IllegalArgumentException(p.named() + ": x = " + p.x()
                    + " has values that are not numbers; use it as the series instead");
        if (!SweepResults.isMetric(p.y()))
            throw new IllegalArgumentException(p.named() + ": y = " + p.y() + " is not a metric; "
                    + columns(grid));
        if (p.series() != null)
            for (String s : p.series())
                if (grid.axis(s) == null)
                    throw new IllegalArgumentException(p.named() + ": series " + s
                            + " is not a swept parameter; swept: " + sweptNames(grid));
    }

    private static List<String> defaultSeries(Grid grid, String x, Axis along) {
        String runsAlong = grid.axis(x) != null ? x : along != null ? along.parameter() : null;
        List<String> series = new ArrayList<>();
        for (Axis a : grid.axes())
            if (a.values().size() > 1 && !a.parameter().equals(runsAlong)) series.add(a.parameter());
        return series;
    }

    private static Axis firstNumericVaryingAxis(Grid grid) {
        for (Axis a : grid.axes()) if (a.values().size() > 1 && a.numeric()) return a;
        return null;
    }

    private static String columns(Grid grid) {
        return "swept: " + sweptNames(grid) + "; metrics: " + String.join(", ", SweepResults.METRICS) + ", "
                + String.join(", ", SweepResults.FIGURE_COLUMNS);
    }

    private static String sweptNames(Grid grid) {
        List<String> names = new ArrayList<>();
        for (Axis a : grid.axes()) names.add(a.parameter());
        return names.isEmpty() ? "none" : String.join(", ", names);
    }
}

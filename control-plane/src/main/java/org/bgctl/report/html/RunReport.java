package org.bgctl.report.html;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.Shape;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobStatus;

/**
 * report.html of a run directory: one self-contained page (inline SVG and CSS, nothing fetched) with the run's
 * figures, its plots and its parameters, made from summary.json, jobs.csv (or the journal) and faults.csv. The
 * same run gives the same bytes: nothing of the wall clock is shown.
 */
public final class RunReport {

    /** The file's name in a run directory. */
    public static final String FILE = "report.html";

    /** What summary.json's {@code run} block says of the run that is not a wall-clock measurement. */
    private static final Set<String> RUN_SETTINGS = Set.of("executor", "journal", "clock", "speed");

    /** How a serve run's summary.json names its clock's lateness, wall-clock measurements (Lateness.Stats#fields). */
    private static final String SERVE_LATENESS = "lateness_";

    private static final String STYLE = "body{font:14px/1.4 system-ui,sans-serif;margin:24px;color:#1a202c;max-width:960px}"
            + "h1{font-size:20px}h2{font-size:16px;margin-top:28px}"
            + ".figures{display:flex;flex-wrap:wrap;gap:10px}.figure{border:1px solid #cbd5e0;border-radius:6px;"
            + "padding:8px 12px;min-width:120px}.figure b{display:block;font-size:18px}"
            + "figure{margin:0 0 18px}figcaption{font-weight:600;margin-bottom:4px}"
            + "svg.plot{font:11px system-ui,sans-serif;max-width:100%;height:auto}"
            + "table{border-collapse:collapse}td{border-bottom:1px solid #e2e8f0;padding:2px 10px 2px 0}"
            + "td:first-child{color:#4a5568}.note{color:#4a5568}";

    private RunReport() {
    }

    /** Writes report.html into {@code dir}, a run directory, and returns its path. */
    public static Path write(Path dir) throws IOException {
        return write(dir, (Jobs) null);
    }

    /**
     * Writes report.html into {@code dir}, a run directory whose jobs.csv holds the jobs of {@code jobs}, and returns
     * its path: the jobs are not read back from jobs.csv.
     */
    public static Path write(Path dir, Jobs jobs) throws IOException {
        // read and rendered before the file is opened: a run that cannot be read leaves no empty report behind
        List<String> parts = render(RunData.read(dir, jobs == null ? null : jobs.rows));
        // written beside it and moved into place whole: its presence says a replay ran to its end (Replay.finished),
        // so a kill while writing must not leave it cut short
        Path file = dir.resolve(FILE);
        Path partial = dir.resolve(FILE + ".partial");
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(partial), 1 << 16)) {
            for (String part : parts) out.write(part.getBytes(StandardCharsets.UTF_8));
        }
        return Files.move(partial, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The jobs of a run as they are written to its jobs.csv, kept for its report in columns of numbers. */
    public static final class Jobs implements Consumer<JobRecord> {
        private final JobRows rows = new JobRows();

        @Override
        public void accept(JobRecord r) {
            rows.add(JobRow.of(r));
        }
    }

    /**
     * The page, in parts to be written one after another: each plot's picture is a part of its own, so that a picture
     * of ASCII alone (a BG/L run's occupancy timeline, megabytes of rectangles) is encoded as such; one character
     * beyond Latin-1 in the text before it (an en dash) would otherwise make the whole page a text of two-byte
     * characters, slower to build and to encode.
     */
    static List<String> render(RunData run) {
        JsonNode s = run.summary();
        TimeSpan span = TimeSpan.of(run.jobs(), run.faults());
        List<String> parts = new ArrayList<>();
        StringBuilder html = new StringBuilder(1 << 16);
        String title = s.path("trace").asText("run") + " on " + s.path("machine").asText("?") + " with "
                + s.path("scheduler").asText("?");
        html.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>bgctl report: ")
                .append(Svg.escape(title)).append("</title><style>").append(STYLE).append("</style></head><body>\n")
                .append("<h1>bgctl report: ").append(Svg.escape(title)).append("</h1>\n");
        if (s.path("interrupted").asBoolean(false))
            html.append("<p class=\"note\">This run was interrupted before its end; it shows what was done.</p>\n");
        figures(html, s, run);
        long capacity = s.path("nodes").asLong(1);
        plot(html, parts, "Utilization over time", LoadPlots.utilization(run.jobs(), capacity, span));
        plot(html, parts, "Queue length over time", LoadPlots.queue(run.jobs(), span));
        plot(html, parts, "Wait-time distribution (CDF)", WaitPlots.cdf(run.jobs()));
        plot(html, parts, "Bounded slowdown by size class", WaitPlots.slowdownBySize(run.jobs()));
        if (OccupancyPlot.applies(run.jobs())) {
            Optional<Shape> grid = grid(s.path("machine").asText(""));
            if (grid.isPresent()) plot(html, parts, "Occupancy: the partition each job held",
                    OccupancyPlot.render(run.jobs(), grid.get(), span));
            else html.append("<p class=\"note\">No occupancy timeline: the machine ").append(Svg.escape(
                    s.path("machine").asText())).append(" cannot be built again here.</p>\n");
        }
        if (!run.faults().isEmpty()) plot(html, parts, "Fault timeline", FaultPlot.render(run.faults(), span));
        else if (!run.faultsKnown()) html.append("<p class=\"note\">This run recorded no failures or repairs to draw"
                + " (no faults.csv, no journal).</p>\n");
        parameters(html, s);
        parts.add(html.append("</body></html>\n").toString());
        return parts;
    }

    private static void figures(StringBuilder html, JsonNode s, RunData run) {
        html.append("<div class=\"figures\">\n");
        // every job of the run, as summary.json's jobs_submitted; its "jobs" counts only those that finished
        figure(html, "jobs submitted", Long.toString(run.jobs().size()));
        figure(html, "makespan", Human.duration(s.path("makespan_s").asDouble(Double.NaN)));
        figure(html, "utilization", s.has("utilization") ? Human.percent(s.get("utilization").asDouble()) : "–");
        figure(html, "mean wait", Human.duration(s.path("mean_wait_s").asDouble(Double.NaN)));
        figure(html, "95th percentile wait", Human.duration(s.path("p95_wait_s").asDouble(Double.NaN)));
        figure(html, "longest wait", Human.duration(s.path("max_wait_s").asDouble(Double.NaN)));
        figure(html, "mean bounded slowdown", s.has("mean_bounded_slowdown")
                ? Human.number(s.get("mean_bounded_slowdown").asDouble(), 2) : "–");
        // as summary.json's jobs_never_started: a job cancelled in the queue did not start either, but is cancelled
        String never = JobStatus.NEVER_STARTED.label();
        long neverStarted = run.jobs().stream().filter(j -> never.equals(j.status())).count();
        figure(html, "never started", Long.toString(neverStarted));
        JsonNode availability = s.path("faults").path("availability");
        if (availability.isNumber()) figure(html, "node availability", Human.percent(availability.asDouble()));
        html.append("</div>\n");
    }

    private static void figure(StringBuilder html, String name, String value) {
        html.append("<div class=\"figure\"><b>").append(Svg.escape(value)).append("</b>").append(Svg.escape(name))
                .append("</div>\n");
    }

    /** A plot: its caption in {@code html}, which then goes to {@code parts}, and its picture a part of its own. */
    private static void plot(StringBuilder html, List<String> parts, String caption, String svg) {
        html.append("<figure><figcaption>").append(Svg.escape(caption)).append("</figcaption>\n");
        parts.add(html.toString());
        html.setLength(0);
        parts.add(svg);
        html.append("</figure>\n");
    }

    /** The run's parameters: summary.json's settings, seconds also in days, hours and minutes. */
    private static void parameters(StringBuilder html, JsonNode s) {
        html.append("<h2>Parameters and results</h2>\n<table>\n");
        rows(html, "", s);
        html.append("</table>\n");
    }

    private static void rows(StringBuilder html, String prefix, JsonNode node) {
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String key = prefix + e.getKey();
            JsonNode v = e.getValue();
            if (prefix.equals("run.") && !RUN_SETTINGS.contains(e.getKey())) continue;
            if (prefix.isEmpty() && e.getKey().startsWith(SERVE_LATENESS)) continue;
            if (v.isObject() && !v.isEmpty()) { // an empty one is an entry too, shown as {}
                rows(html, key + ".", v);
                continue;
            }
            // a fraction as summary.json writes it (0.000556), not as a double prints (5.56E-4)
            String text = v.isTextual() ? v.asText() : v.isFloatingPointNumber()
                    ? v.decimalValue().toPlainString() : v.toString();
            if (v.isNumber() && key.endsWith("_s")) text += " (" + Human.duration(v.asDouble()) + ")";
            html.append("<tr><td>").append(Svg.escape(key)).append("</td><td>").append(Svg.escape(text))
                    .append("</td></tr>\n");
        }
    }

    /** The grid of midplanes of the machine named {@code machine}, when it can be built here. */
    private static Optional<Shape> grid(String machine) {
        try {
            return MachineCatalog.create(machine).grid();
        } catch (IllegalArgumentException | UncheckedIOException e) {
            return Optional.empty();
        }
    }
}

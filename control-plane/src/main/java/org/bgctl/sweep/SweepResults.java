package org.bgctl.sweep;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.bgctl.report.ClassMetrics;

/**
 * The table of a sweep: one row per run in grid order — its number, the swept values, its
 * status, the metrics of its summary.json, its directory — written as results.csv.
 */
public final class SweepResults {

    /**
     * The metric columns, from summary.json: {@code measured_offered_load} is its
     * {@code offered_load} (the load the run really had, so it never clashes with an
     * {@code offered_load} axis), {@code jobs_skipped} the total over all reasons.
     */
    public static final List<String> METRICS = List.of("measured_offered_load", "utilization", "unused_capacity",
            "lost_capacity", "mean_wait_s", "p50_wait_s", "p95_wait_s", "max_wait_s", "mean_response_s",
            "mean_bounded_slowdown", "makespan_s", "sum_flow_s", "sum_weighted_flow", "jobs", "jobs_never_started",
            "jobs_skipped", "jobs_ended_killed", "migrations_total", "migrations_successful", "preemptions");

    /** The fields of summary.json's {@code faults} that become columns {@code faults_<field>}. */
    public static final List<String> FAULT_METRICS = List.of("failures", "kills", "jobs_ever_killed", "requeues",
            "jobs_failed", "node_hours_lost", "availability", "invariant_violations");

    /** The fields of summary.json's {@code blocks} that become columns {@code blocks_<field>} (docs/blocks.md). */
    public static final List<String> BLOCK_METRICS = List.of("boots", "boot_s", "boot_failures", "reuses");

    /**
     * The fields of summary.json's {@code reservations} that become columns {@code reservations_<field>}
     * (docs/semantics.md, "Reservations and maintenance windows").
     */
    public static final List<String> RESERVATION_METRICS = List.of("windows", "reserved_node_hours",
            "reserved_fraction", "mean_wait_without_s", "wait_caused_s", "wait_caused_job_hours", "jobs_delayed");

    /** The blocks of summary.json whose figures become columns, each with the fields it gives, in column order. */
    private static final Map<String, List<String>> FIGURE_BLOCKS = figureBlocks();

    /** The columns of the fault, boot and reservation figures, which a plot may draw as the others. */
    static final List<String> FIGURE_COLUMNS = FIGURE_BLOCKS.entrySet().stream()
            .flatMap(block -> block.getValue().stream().map(field -> block.getKey() + "_" + field)).toList();

    private final List<String> parameters;
    private final List<String> metrics;
    private final List<ResultRow> rows;

    private SweepResults(List<String> parameters, List<String> metrics, List<ResultRow> rows) {
        this.parameters = List.copyOf(parameters);
        this.metrics = List.copyOf(metrics);
        this.rows = List.copyOf(rows);
    }

    /**
     * The results of {@code outcomes}, in the order given (grid order). Summary fields about
     * migrations or preemptions beyond {@link #METRICS} get columns of their own, after the others,
     * and so do the figures by job class of runs with communication-intensive jobs: each field of
     * summary.json's {@code job_classes}, named by its path, e.g. {@code ci_mean_bounded_slowdown}
     * or {@code badly_estimated_nci_mean_response_s}; so do the fault figures of runs that injected
     * faults ({@link #FAULT_METRICS}, e.g. {@code faults_requeues}), the boot figures of runs whose blocks boot
     * ({@link #BLOCK_METRICS}, e.g. {@code blocks_boot_failures}), and the figures of runs with reservation windows
     * ({@link #RESERVATION_METRICS}, e.g. {@code reservations_wait_caused_s}).
     */
    public static SweepResults of(SweepPlan plan, List<RunOutcome> outcomes) {
        List<String> parameters = new ArrayList<>();
        for (Axis a : plan.spec().axes()) parameters.add(a.parameter());
        Set<String> columns = new LinkedHashSet<>(METRICS);
        for (RunOutcome o : outcomes)
            for (String key : o.summary().keySet()) if (isMetric(key)) columns.add(key);
        for (RunOutcome o : outcomes) columns.addAll(nestedColumns(o.summary()).keySet());
        List<ResultRow> rows = new ArrayList<>();
        for (RunOutcome o : outcomes) {
            Map<String, String> byClass = nestedColumns(o.summary());
            Map<String, String> values = new LinkedHashMap<>();
            for (String c : columns)
                values.put(c, !o.ok() ? "" : byClass.containsKey(c) ? byClass.get(c) : column(o.summary(), c));
            rows.add(new ResultRow(o.run().index(), o.run().point().values(), o.ok() ? "ok" : "failed", values,
                    plan.out().relativize(o.run().dir()).toString().replace('\\', '/')));
        }
        return new SweepResults(parameters, new ArrayList<>(columns), rows);
    }

    /**
     * True for the metric columns, including migration and preemption fields beyond {@link #METRICS},
     * the figures by job class ({@link ClassMetrics#FLAT_NAMES}) and the fault, boot and reservation figures.
     */
    static boolean isMetric(String column) {
        return METRICS.contains(column) || column.startsWith("migrations_") || column.startsWith("preemptions")
                || ClassMetrics.FLAT_NAMES.contains(column) || FIGURE_COLUMNS.contains(column);
    }

    /** The rows, in grid order. */
    public List<ResultRow> rows() {
        return rows;
    }

    /** Every column name, in file order. */
    public List<String> header() {
        List<String> header = new ArrayList<>();
        header.add("run");
        header.addAll(parameters);
        header.add("status");
        header.addAll(metrics);
        header.add("dir");
        return header;
    }

    /** Writes results.csv (RFC 4180 quoting, '\n' line ends). */
    public void write(Path file) throws IOException {
        try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            line(w, header());
            for (ResultRow r : rows) {
                List<String> cells = new ArrayList<>();
                cells.add(Integer.toString(r.run()));
                for (String p : parameters) cells.add(r.get(p));
                cells.add(r.status());
                for (String m : metrics) cells.add(r.get(m));
                cells.add(r.dir());
                line(w, cells);
            }
        }
    }

    /** A summary value as text: decimals in plain notation, nothing for null. */
    static String text(Object value) {
        if (value == null) return "";
        if (value instanceof BigDecimal d) return d.toPlainString();
        return value.toString();
    }

    private static String column(Map<String, Object> summary, String column) {
        return switch (column) {
            case "measured_offered_load" -> text(summary.get("offered_load"));
            case "jobs_skipped" -> summary.get("jobs_skipped") instanceof Map<?, ?> skipped
                    ? Long.toString(skipped.values().stream().mapToLong(v -> ((Number) v).longValue()).sum())
                    : text(summary.get("jobs_skipped"));
            default -> text(summary.get(column));
        };
    }

    /**
     * The fields of summary.json's {@code job_classes} by their path joined with '_', in file order, then
     * the fault figures of a run that injected faults, the boot figures of a run whose blocks boot, then the
     * figures of a run with reservation windows.
     */
    private static Map<String, String> nestedColumns(Map<String, Object> summary) {
        Map<String, String> columns = new LinkedHashMap<>();
        if (summary.get("job_classes") instanceof Map<?, ?> classes) flatten("", classes, columns);
        for (Map.Entry<String, List<String>> block : FIGURE_BLOCKS.entrySet())
            if (summary.get(block.getKey()) instanceof Map<?, ?> figures && hasFigures(block.getKey(), figures))
                for (String field : block.getValue()) columns.put(block.getKey() + "_" + field, text(figures.get(field)));
        return columns;
    }

    /** True unless {@code figures} is the {@code faults} block of a run that injected none (it has no counts then). */
    private static boolean hasFigures(String block, Map<?, ?> figures) {
        return !block.equals("faults") || figures.get("invariant_violations") != null;
    }

    private static Map<String, List<String>> figureBlocks() {
        Map<String, List<String>> blocks = new LinkedHashMap<>();
        blocks.put("faults", FAULT_METRICS);
        blocks.put("blocks", BLOCK_METRICS);
        blocks.put("reservations", RESERVATION_METRICS);
        return Collections.unmodifiableMap(blocks);
    }

    private static void flatten(String prefix, Map<?, ?> object, Map<String, String> into) {
        for (Map.Entry<?, ?> e : object.entrySet()) {
            String key = prefix + e.getKey();
            if (e.getValue() instanceof Map<?, ?> nested) flatten(key + "_", nested, into);
            else into.put(key, text(e.getValue()));
        }
    }

    private static void line(Writer w, List<String> cells) throws IOException {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) w.write(',');
            w.write(quote(cells.get(i)));
        }
        w.write('\n');
    }

    private static String quote(String cell) {
        if (cell.indexOf(',') < 0 && cell.indexOf('"') < 0 && cell.indexOf('\n') < 0 && cell.indexOf('\r') < 0)
            return cell;
        return '"' + cell.replace("\"", "\"\"") + '"';
    }
}

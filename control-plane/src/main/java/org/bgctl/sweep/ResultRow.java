package org.bgctl.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One row of results.csv: a run's swept values and its metrics, as text.
 *
 * @param run     the run's number in grid order
 * @param values  swept parameter to value, in axis order
 * @param status  {@code ok} or {@code failed}
 * @param metrics metric column to value (empty text when the run failed or the summary lacks it)
 * @param dir     the run directory, relative to the sweep's output directory
 */
public record ResultRow(int run, Map<String, String> values, String status, Map<String, String> metrics, String dir) {

    public ResultRow {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
        metrics = Collections.unmodifiableMap(new LinkedHashMap<>(metrics));
    }

    /** True when the run succeeded. */
    public boolean ok() {
        return "ok".equals(status);
    }

    /** The text of a column: a swept parameter or a metric; empty when absent. */
    public String get(String column) {
        String v = values.get(column);
        if (v != null) return v;
        return metrics.getOrDefault(column, "");
    }

    /** A column as a number; NaN when empty or not a number. */
    public double number(String column) {
        String v = get(column);
        if (v.isEmpty()) return Double.NaN;
        try {
            return Double.parseDouble(v);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

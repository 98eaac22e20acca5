package org.bgctl.sweep;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * One run of a sweep's grid.
 *
 * @param index  its number, from 1, in grid order
 * @param values parameter key to value, in axis order
 */
public record GridPoint(int index, Map<String, String> values) {

    /** Longest label a run directory gets from its values. */
    private static final int MAX_LABEL = 60;

    public GridPoint {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * A short name made of the values, for the run directory: {@code easy-0.8} ({@code run} when
     * there are no axes); characters other than letters, digits, '.', '_' and '-' become '_'.
     */
    public String label() {
        if (values.isEmpty()) return "run";
        String label = String.join("-", values.values()).replaceAll("[^A-Za-z0-9._-]", "_");
        return label.length() <= MAX_LABEL ? label : label.substring(0, MAX_LABEL);
    }

    /** {@code scheduler=easy runtime_coefficient=0.8}, or {@code (single run)} without axes. */
    public String describe() {
        if (values.isEmpty()) return "(single run)";
        return values.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining(" "));
    }
}

package org.bgctl.sweep;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.bgctl.run.ReplayParameters;

/**
 * One axis of a sweep: a replay parameter and the values it takes, in order.
 *
 * <p>Text syntax ({@code --axis}, and strings in a sweep file's {@code axes}):
 * {@code PARAMETER=ITEM,ITEM,...} (a comma inside parentheses is part of its item), each item a single
 * value or an inclusive range {@code START:STOP:STEP} of decimal numbers, e.g. {@code scheduler=fcfs,easy} or
 * {@code runtime_coefficient=0.7:1.4:0.05}. Ranges are computed in decimal arithmetic and written
 * with the decimals of the start or step, whichever has more, so {@code 0.7:1.0:0.1} is exactly
 * 0.7, 0.8, 0.9, 1.0 and {@code 0.7:0.8:0.05} is 0.70, 0.75, 0.80; an item with colons that are
 * not all between numbers (such as {@code flat:128}) is a single value.
 *
 * @param parameter the replay parameter's key
 * @param values    its values, as text, without repeats
 */
public record Axis(String parameter, List<String> values) {

    /** Ranges longer than this are taken for a mistake. */
    static final int MAX_RANGE_VALUES = 10_000;

    /** @throws IllegalArgumentException for an unknown parameter, no values or a repeated value */
    public Axis {
        parameter = ReplayParameters.parameter(parameter).key();
        values = List.copyOf(values);
        if (values.isEmpty()) throw new IllegalArgumentException("axis " + parameter + ": no values");
        Map<String, String> seen = new HashMap<>();
        for (String v : values) {
            if (v.isBlank()) throw new IllegalArgumentException("axis " + parameter + ": an empty value");
            // a number is one value however it is written: 1.0 and 1.00 would run the same replay twice
            BigDecimal number = decimal(v);
            String before = seen.putIfAbsent(number == null ? v : number.stripTrailingZeros().toPlainString(), v);
            if (before != null)
                throw new IllegalArgumentException("axis " + parameter + ": '" + v + "' appears twice"
                        + (before.equals(v) ? "" : " (as '" + before + "')"));
        }
    }

    /**
     * Parses {@code PARAMETER=ITEM,ITEM,...}.
     *
     * @throws IllegalArgumentException quoting the text and saying what is wrong with it
     */
    public static Axis parse(String text) {
        int eq = text.indexOf('=');
        if (eq <= 0)
            throw new IllegalArgumentException("axis '" + text + "': write PARAMETER=VALUES, e.g. scheduler=fcfs,easy"
                    + " or runtime_coefficient=0.7:1.4:0.05");
        String parameter = text.substring(0, eq).trim();
        try {
            return of(parameter, text.substring(eq + 1));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("axis '" + text + "': " + e.getMessage(), e);
        }
    }

    /**
     * The axis of {@code parameter} over the comma-separated items of {@code items} (values or ranges). A comma
     * inside parentheses belongs to its value: {@code weibull(0.7, 5184000)/exponential(3600)} is one fault law.
     */
    public static Axis of(String parameter, String items) {
        List<String> values = new ArrayList<>();
        for (String item : items(items)) values.addAll(expand(item.trim()));
        return new Axis(parameter, values);
    }

    /** {@code text} split at its commas outside parentheses. */
    private static List<String> items(String text) {
        List<String> items = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') depth++;
            else if (c == ')' && depth > 0) depth--;
            else if (c == ',' && depth == 0) {
                items.add(text.substring(start, i));
                start = i + 1;
            }
        }
        items.add(text.substring(start));
        return items;
    }

    /** True when every value is a number, so the axis can be a plot's x axis. */
    public boolean numeric() {
        for (String v : values) if (decimal(v) == null) return false;
        return true;
    }

    /** {@code PARAMETER=V1,V2,...}: text that {@link #parse} reads back into this axis. */
    @Override
    public String toString() {
        return parameter + "=" + String.join(",", values);
    }

    /** One value, or every value of a {@code START:STOP:STEP} range. */
    static List<String> expand(String item) {
        String[] parts = item.split(":", -1);
        if (parts.length < 2) return List.of(item);
        List<BigDecimal> numbers = new ArrayList<>();
        for (String part : parts) {
            BigDecimal d = decimal(part.trim());
            if (d == null) return List.of(item);
            numbers.add(d);
        }
        if (parts.length != 3)
            throw new IllegalArgumentException("'" + item + "' is not a range: write START:STOP:STEP, e.g. 0.7:1.4:0.05");
        return range(item, numbers.get(0), numbers.get(1), numbers.get(2));
    }

    private static List<String> range(String item, BigDecimal start, BigDecimal stop, BigDecimal step) {
        if (step.signum() <= 0)
            throw new IllegalArgumentException("range '" + item + "': the step must be positive");
        if (start.compareTo(stop) > 0)
            throw new IllegalArgumentException("range '" + item + "': the start is above the stop");
        BigDecimal count = stop.subtract(start).divideToIntegralValue(step);
        if (count.compareTo(BigDecimal.valueOf(MAX_RANGE_VALUES)) >= 0)
            throw new IllegalArgumentException("range '" + item + "' has more than " + MAX_RANGE_VALUES + " values");
        int scale = Math.max(0, Math.max(start.scale(), step.scale()));
        List<String> values = new ArrayList<>();
        for (BigDecimal v = start; v.compareTo(stop) <= 0; v = v.add(step))
            values.add(v.setScale(scale).toPlainString());
        return values;
    }

    /** The number {@code text} is, or null. */
    static BigDecimal decimal(String text) {
        Objects.requireNonNull(text);
        if (text.isEmpty()) return null;
        try {
            return new BigDecimal(text);
        } catch (NumberFormatException e) {
            return null;
        }
    }
}

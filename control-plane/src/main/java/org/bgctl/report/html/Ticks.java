package org.bgctl.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/** Where an axis gets its marks, and what they say. */
record Ticks(List<Double> values, DoubleFunction<String> label) {

    private static final long[] TIME_STEPS = {60, 600, 1800, 3600, 3 * 3600, 6 * 3600, 12 * 3600, 86400, 2 * 86400,
        7 * 86400, 14 * 86400, 30 * 86400, 60 * 86400, 91 * 86400, 182 * 86400, 365 * 86400};

    /** About {@code count} round numbers (1, 2 or 5 times a power of ten) from {@code lo} to {@code hi}. */
    static Ticks numbers(double lo, double hi, int count, DoubleFunction<String> label) {
        double raw = (hi - lo) / Math.max(1, count);
        double step = 1;
        if (raw > 0) {
            double power = Math.pow(10, Math.floor(Math.log10(raw)));
            step = raw <= power ? power : raw <= 2 * power ? 2 * power : raw <= 5 * power ? 5 * power : 10 * power;
        }
        return new Ticks(from(Math.ceil(lo / step) * step, hi, step), label);
    }

    /** Instants {@code lo..hi} (seconds from the run's start) marked every round stretch: minutes, hours, days. */
    static Ticks time(double lo, double hi, int count) {
        double raw = (hi - lo) / Math.max(1, count);
        long step = TIME_STEPS[TIME_STEPS.length - 1];
        for (long s : TIME_STEPS) {
            if (s >= raw) {
                step = s;
                break;
            }
        }
        long chosen = step;
        return new Ticks(from(Math.ceil(lo / step) * step, hi, step),
                t -> chosen % 86400 == 0 ? Math.round(t / 86400) + "d" : Human.duration(t));
    }

    private static List<Double> from(double first, double hi, double step) {
        List<Double> values = new ArrayList<>();
        for (int i = 0; first + i * step <= hi + step * 1e-9 && i < 1000; i++) values.add(first + i * step);
        return values;
    }
}

package org.bgctl.report.html;

import java.util.Map;
import java.util.TreeMap;

/** A quantity that changes by steps at instants (busy nodes, queued jobs), averaged over equal stretches of time. */
final class StepSeries {

    private final TreeMap<Long, Long> steps = new TreeMap<>();

    /** The quantity changes by {@code delta} at {@code time}. */
    void add(long time, long delta) {
        steps.merge(time, delta, Long::sum);
    }

    /** The quantity's mean over each of {@code bins} equal stretches of {@code t0..t1} (0 before its first step). */
    double[] means(double t0, double t1, int bins) {
        double[] means = new double[bins];
        double width = (t1 - t0) / bins;
        if (!(width > 0)) return means;
        double level = 0;
        double at = t0;
        for (Map.Entry<Long, Long> step : steps.entrySet()) {
            double t = Math.min(step.getKey(), t1);
            if (t > at) {
                spread(means, level, at, t, t0, width);
                at = t;
            }
            level += step.getValue();
        }
        if (t1 > at) spread(means, level, at, t1, t0, width);
        for (int i = 0; i < bins; i++) means[i] /= width;
        return means;
    }

    /** Adds {@code level} × the time of {@code from..to} that falls in each bin. */
    private static void spread(double[] sums, double level, double from, double to, double t0, double width) {
        if (level == 0) return;
        int first = Math.max(0, (int) ((from - t0) / width));
        int last = Math.min(sums.length - 1, (int) ((to - t0) / width));
        for (int i = first; i <= last; i++) {
            double lo = Math.max(from, t0 + i * width);
            double hi = Math.min(to, t0 + (i + 1) * width);
            if (hi > lo) sums[i] += level * (hi - lo);
        }
    }
}

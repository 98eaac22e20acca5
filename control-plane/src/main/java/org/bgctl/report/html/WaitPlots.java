package org.bgctl.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** How long jobs waited: the distribution of waits, and the bounded slowdown by job size. */
final class WaitPlots {

    /** Γ of the bounded slowdown, as in summary.json's mean_bounded_slowdown. */
    static final long GAMMA = 10;

    private static final int POINTS = 400;
    private static final long[] MARKS = {0, 60, 600, 3600, 36000, 86400, 864000, 8640000};
    private static final String[] MARK_NAMES = {"0", "1 min", "10 min", "1 h", "10 h", "1 d", "10 d", "100 d"};

    private WaitPlots() {
    }

    /** The share of started jobs that waited at most w, for w on a logarithmic scale. */
    static String cdf(List<JobRow> jobs) {
        long[] waits = jobs.stream().filter(JobRow::started).mapToLong(JobRow::waitTime).sorted().toArray();
        double top = scale(waits.length == 0 ? 60 : Math.max(60, waits[waits.length - 1]));
        Frame f = new Frame("wait-time distribution (CDF)", 260, 0, top, 0, 1);
        List<Double> marks = new ArrayList<>();
        Map<Double, String> names = new TreeMap<>();
        for (int i = 0; i < MARKS.length && scale(MARKS[i]) <= top * 1.0001; i++) {
            marks.add(scale(MARKS[i]));
            names.put(scale(MARKS[i]), MARK_NAMES[i]);
        }
        f.axes(new Ticks(marks, names::get), "wait (logarithmic)", Ticks.numbers(0, 1, 4, Human::percent),
                "jobs that waited at most this");
        if (waits.length == 0) return f.toString();
        int points = Math.min(POINTS, waits.length);
        double[] xs = new double[points + 1];
        double[] ys = new double[points + 1];
        xs[0] = f.px(0);
        ys[0] = f.py(0);
        for (int i = 1; i <= points; i++) {
            int index = (int) Math.ceil((double) i * waits.length / points) - 1;
            xs[i] = f.px(scale(waits[index]));
            ys[i] = f.py((index + 1.0) / waits.length);
        }
        f.svg().polyline(xs, ys, "#2b6cb0");
        return f.toString();
    }

    private static double scale(long wait) {
        return Math.log10(1 + Math.max(0, wait));
    }

    /** The mean bounded slowdown of finished jobs by size class (powers of two of the nodes they asked for). */
    static String slowdownBySize(List<JobRow> jobs) {
        TreeMap<Integer, double[]> classes = new TreeMap<>();
        for (JobRow j : jobs) {
            if (j.end() < 0 || !j.started()) continue;
            int sizeClass = 64 - Long.numberOfLeadingZeros(Math.max(0, j.size() - 1));
            double[] sum = classes.computeIfAbsent(sizeClass, k -> new double[2]);
            sum[0] += j.boundedSlowdown(GAMMA);
            sum[1]++;
        }
        double max = 1;
        for (double[] s : classes.values()) max = Math.max(max, s[0] / s[1]);
        int n = Math.max(1, classes.size());
        Frame f = new Frame("bounded slowdown by size class", 260, 0, n, 0, max);
        f.axes(null, "job size (nodes asked for)", Ticks.numbers(0, max, 4, v -> Human.number(v, 1)),
                "mean bounded slowdown (Γ = " + GAMMA + " s)");
        double slot = (f.right() - f.left()) / n;
        int i = 0;
        for (Map.Entry<Integer, double[]> e : classes.entrySet()) {
            double mean = e.getValue()[0] / e.getValue()[1];
            long count = (long) e.getValue()[1];
            String label = label(e.getKey());
            double x = f.left() + i * slot;
            f.svg().rect(x + slot * 0.15, f.py(mean), slot * 0.7, f.bottom() - f.py(mean), "#6b46c1",
                    label + " nodes: " + count + " jobs, mean bounded slowdown " + Human.number(mean, 2))
                    .text(x + slot / 2, f.bottom() + 16, "middle", label)
                    .text(x + slot / 2, f.py(mean) - 4, "middle", Human.number(mean, 1));
            i++;
        }
        return f.toString();
    }

    /** Sizes of class k: 2^(k−1)+1 .. 2^k (1 for k = 0). */
    private static String label(int k) {
        if (k == 0) return "1";
        long hi = 1L << k;
        long lo = (hi >> 1) + 1;
        return lo == hi ? Long.toString(hi) : lo + "–" + hi;
    }
}

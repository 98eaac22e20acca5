package org.bgctl.report.html;

import java.util.List;

/** Utilization and queue length over the run, as the means of equal stretches of time (one per few pixels). */
final class LoadPlots {

    /** Stretches of time the run is cut into: a 70,000-job trace draws as fast as a small one. */
    static final int BINS = 415;

    private LoadPlots() {
    }

    /** The share of the machine's nodes busy over time. */
    static String utilization(List<JobRow> jobs, long capacity, TimeSpan span) {
        StepSeries busy = new StepSeries(span.start(), span.end(), BINS);
        for (JobRow j : jobs) {
            if (!j.started()) continue;
            busy.add(j.start(), j.size());
            busy.add(j.end() >= 0 ? j.end() : span.end(), -j.size());
        }
        double[] shares = busy.means();
        // up to 100%, higher when a stretch passes it (pfcfs: a suspended job counts until its end)
        double max = 1;
        for (int i = 0; i < shares.length; i++) {
            shares[i] /= Math.max(1, capacity);
            if (shares[i] > 1 + 1e-9) max = Math.max(max, shares[i]); // not for a mean's rounding at 100%
        }
        Frame f = new Frame("utilization over time", 220, 0, span.length(), 0, max);
        f.axes(Ticks.time(0, span.length(), 10), "time since the first submission (days)",
                Ticks.numbers(0, max, 4, Human::percent), "nodes busy");
        return draw(f, shares, span, "#2b6cb0");
    }

    /** Jobs submitted and not yet started, over time. */
    static String queue(List<JobRow> jobs, TimeSpan span) {
        StepSeries queued = new StepSeries(span.start(), span.end(), BINS);
        for (JobRow j : jobs) {
            queued.add(j.submit(), 1);
            if (j.started()) queued.add(j.start(), -1);
        }
        double[] lengths = queued.means();
        double max = 1;
        for (double v : lengths) max = Math.max(max, v);
        Frame f = new Frame("queue length over time", 220, 0, span.length(), 0, max);
        f.axes(Ticks.time(0, span.length(), 10), "time since the first submission (days)",
                Ticks.numbers(0, max, 4, v -> Human.number(v, 1)), "jobs waiting (mean)");
        return draw(f, lengths, span, "#c05621");
    }

    private static String draw(Frame f, double[] values, TimeSpan span, String colour) {
        double[] xs = new double[values.length];
        double[] ys = new double[values.length];
        double width = span.length() / values.length;
        for (int i = 0; i < values.length; i++) {
            xs[i] = f.px((i + 0.5) * width);
            ys[i] = f.py(values[i]);
        }
        f.svg().polyline(xs, ys, colour);
        return f.toString();
    }
}

package org.bgctl.report.html;

/**
 * A quantity that changes by steps at instants (busy nodes, queued jobs), averaged over equal stretches of time. The
 * steps are folded into the stretches as they come, so it holds two numbers a stretch however many steps a run has:
 * a step of {@code delta} at {@code t} adds {@code delta} × the part of its own stretch after {@code t}, and
 * {@code delta} to the level of every later stretch.
 */
final class StepSeries {

    private final double t0;
    private final double t1;
    private final double width;
    /** Per stretch: Σ delta × (the stretch's end − t) of the steps within it. */
    private final double[] partial;
    /** Per stretch: Σ delta of the steps that raise the level from its start on. */
    private final double[] from;

    /** A series averaged over {@code bins} equal stretches of {@code t0..t1}; the quantity is 0 before its first step. */
    StepSeries(double t0, double t1, int bins) {
        this.t0 = t0;
        this.t1 = t1;
        this.width = (t1 - t0) / bins;
        this.partial = new double[bins];
        this.from = new double[bins + 1];
    }

    /** The quantity changes by {@code delta} at {@code time}. */
    void add(long time, long delta) {
        if (!(width > 0) || time >= t1) return;
        if (time <= t0) {
            from[0] += delta;
            return;
        }
        int bin = Math.min(partial.length - 1, (int) ((time - t0) / width));
        partial[bin] += delta * (t0 + (bin + 1) * width - time);
        from[bin + 1] += delta;
    }

    /** The quantity's mean over each stretch. */
    double[] means() {
        double[] means = new double[partial.length];
        if (!(width > 0)) return means;
        double level = 0;
        for (int i = 0; i < means.length; i++) {
            level += from[i];
            means[i] = level + partial[i] / width;
        }
        return means;
    }
}

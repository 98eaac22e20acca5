package org.bgctl.clock;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The lateness of timed events — when an event was fired minus when it was due, in wall time — kept
 * as samples so percentiles are exact. The first sample is the start-up's (the clock's first timer, in a JVM still
 * warming up, seconds late where the others are milliseconds): {@link #stats()} reports it apart and leaves it out of
 * the percentiles. Thread-safe: the clock records, the API and shutdown read.
 */
public final class Lateness {

    /**
     * Percentiles of the lateness of {@code events} timed events, in milliseconds, and apart the first event's
     * ({@code startupMs}, 0 before any).
     */
    public record Stats(long events, double p50Ms, double p99Ms, double maxMs, double startupMs) {
        @Override
        public String toString() {
            return String.format("%d timed events after the start-up's, lateness p50 %.3f ms, p99 %.3f ms, max %.3f ms;"
                    + " start-up %.3f ms", events, p50Ms, p99Ms, maxMs, startupMs);
        }

        /**
         * The figures as summary.json records them: timed_events, lateness_p50_ms, lateness_p99_ms, lateness_max_ms,
         * lateness_startup_ms.
         */
        public Map<String, Object> fields() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("timed_events", events);
            m.put("lateness_p50_ms", p50Ms);
            m.put("lateness_p99_ms", p99Ms);
            m.put("lateness_max_ms", maxMs);
            m.put("lateness_startup_ms", startupMs);
            return m;
        }
    }

    private long[] samples = new long[1024];
    private int count;

    /** Records one event fired {@code lateNanos} after it was due (0 when on time). */
    public synchronized void record(long lateNanos) {
        if (count == samples.length) samples = Arrays.copyOf(samples, count * 2);
        samples[count++] = Math.max(0, lateNanos);
    }

    /** The percentiles of the events after the start-up's, which is reported apart. */
    public Stats stats() {
        return stats(1);
    }

    /** The percentiles of the events recorded after the first {@code after} (e.g. to leave out a warm-up). */
    public synchronized Stats stats(long after) {
        if (after < 0) throw new IllegalArgumentException("after must be ≥ 0, was " + after);
        int n = (int) Math.max(0, count - after);
        double startup = count == 0 ? 0 : ms(samples[0]);
        if (n == 0) return new Stats(0, 0, 0, 0, startup);
        long[] sorted = Arrays.copyOfRange(samples, count - n, count);
        Arrays.sort(sorted);
        return new Stats(n, ms(percentile(sorted, 0.50)), ms(percentile(sorted, 0.99)), ms(sorted[n - 1]), startup);
    }

    /** The nearest-rank percentile. */
    static long percentile(long[] sorted, double p) {
        int rank = (int) Math.ceil(p * sorted.length);
        return sorted[Math.max(0, rank - 1)];
    }

    private static double ms(long nanos) {
        return nanos / 1e6;
    }
}

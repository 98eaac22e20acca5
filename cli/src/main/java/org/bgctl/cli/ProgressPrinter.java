package org.bgctl.cli;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.function.LongSupplier;
import org.bgctl.run.Progress;

/**
 * Progress of a long replay: a bar redrawn in place on a terminal, or a log line every few seconds when the
 * output is not a terminal (CI, pipes). Both give the share of the trace's job lines dealt with, the rate in
 * jobs per wall second and the time left at that rate.
 */
final class ProgressPrinter implements Progress {

    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final boolean terminal;
    private final LongSupplier nanoTime;
    private final long startNanos;
    private boolean drawn;

    ProgressPrinter(PrintWriter err, boolean terminal) {
        this(err, terminal, System::nanoTime);
    }

    /** With the wall clock {@code nanoTime} (a test's). */
    ProgressPrinter(PrintWriter err, boolean terminal, LongSupplier nanoTime) {
        this.err = err;
        this.terminal = terminal;
        this.nanoTime = nanoTime;
        this.startNanos = nanoTime.getAsLong();
    }

    Duration interval() {
        return terminal ? Duration.ofMillis(250) : Duration.ofSeconds(5);
    }

    @Override
    public synchronized void report(long jobsDone, long jobsTotal, long virtualTime, long events, boolean ended) {
        double seconds = (nanoTime.getAsLong() - startNanos) / 1e9;
        String figures = figures(jobsDone, jobsTotal, seconds, virtualTime);
        if (terminal) {
            double share = jobsTotal > 0 ? Math.min(1.0, (double) jobsDone / jobsTotal) : 0;
            int filled = (int) Math.floor(share * WIDTH);
            err.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + figures + "   ");
            drawn = true;
        } else {
            err.println("progress: " + figures);
        }
        err.flush();
    }

    /**
     * The figures of one report, e.g. {@code 57% 45213/79302 jobs, 1234 jobs/s, ETA 0:27, virtual time 123d
     * 04:05:06}; without a total (not yet counted) the jobs done alone, and before 1% of the jobs is done no rate or
     * ETA.
     */
    static String figures(long done, long total, double seconds, long virtualTime) {
        StringBuilder s = new StringBuilder();
        if (total > 0) {
            s.append(String.format("%3d%% %d/%d jobs", (int) Math.floor(100.0 * Math.min(done, total) / total), done,
                    total));
        } else {
            s.append(done).append(" jobs");
        }
        double rate = seconds > 0 ? done / seconds : 0;
        // the first jobs, read while the machine starts, say little of the rate to come
        if (rate > 0 && (total <= 0 || done * 100 >= total)) {
            s.append(String.format(", %.0f jobs/s", rate));
            if (total > 0) s.append(", ETA ").append(clock(Math.round(Math.max(0, total - done) / rate)));
        }
        return s.append(", virtual time ").append(days(virtualTime)).toString();
    }

    synchronized void finish() {
        if (drawn) err.println();
        err.flush();
    }

    /** Wall seconds as {@code m:ss}, or {@code h:mm:ss} from an hour. */
    static String clock(long seconds) {
        if (seconds >= 3600) return String.format("%d:%02d:%02d", seconds / 3600, seconds % 3600 / 60, seconds % 60);
        return String.format("%d:%02d", seconds / 60, seconds % 60);
    }

    /** Seconds as {@code Nd hh:mm:ss}. */
    static String days(long seconds) {
        if (seconds == Long.MIN_VALUE) return "-";
        return String.format("%dd %02d:%02d:%02d", seconds / 86400, seconds % 86400 / 3600, seconds % 3600 / 60,
                seconds % 60);
    }
}

package org.bgctl.cli;

import java.io.PrintWriter;
import java.time.Duration;
import org.bgctl.run.Progress;

/**
 * Progress of a long replay: a bar redrawn in place on a terminal, or a log line every few
 * seconds when the output is not a terminal (CI, pipes).
 */
final class ProgressPrinter implements Progress {

    private static final int WIDTH = 30;

    private final PrintWriter err;
    private final boolean terminal;
    private final long startNanos = System.nanoTime();
    private boolean drawn;

    ProgressPrinter(PrintWriter err, boolean terminal) {
        this.err = err;
        this.terminal = terminal;
    }

    Duration interval() {
        return terminal ? Duration.ofMillis(250) : Duration.ofSeconds(5);
    }

    @Override
    public synchronized void report(long jobsDone, long jobsRead, long jobsTotal, long virtualTime, long events) {
        double seconds = Math.max(1e-9, (System.nanoTime() - startNanos) / 1e9);
        String figures = String.format("%d jobs done / %s, virtual time %s, %.0f events/s", jobsDone,
                jobsTotal > 0 ? Long.toString(jobsTotal) : jobsRead + " read", days(virtualTime), events / seconds);
        if (terminal) {
            double share = jobsTotal > 0 ? Math.min(1.0, (double) jobsDone / jobsTotal) : 0;
            int filled = (int) Math.round(share * WIDTH);
            err.print("\r[" + "#".repeat(filled) + " ".repeat(WIDTH - filled) + "] " + figures + "   ");
            drawn = true;
        } else {
            err.println("progress: " + figures);
        }
        err.flush();
    }

    synchronized void finish() {
        if (drawn) err.println();
        err.flush();
    }

    /** Seconds as {@code Nd hh:mm:ss}. */
    static String days(long seconds) {
        if (seconds == Long.MIN_VALUE) return "-";
        return String.format("%dd %02d:%02d:%02d", seconds / 86400, seconds % 86400 / 3600, seconds % 3600 / 60,
                seconds % 60);
    }
}

package org.bgctl.run;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicLong;
import org.bgctl.swf.SwfReader;

/**
 * The job lines of a trace, counted on a thread of its own while the replay reads the same trace: the real total
 * of a replay's progress, which a header's MaxJobs only estimates (CTC-SP2's says 79302, its file holds 77222).
 * Every line that is neither blank nor a comment counts, malformed ones included, as the replay's reader sees them.
 */
final class TraceJobCount {

    private final AtomicLong total = new AtomicLong(-1);

    /** Starts counting the job lines of {@code trace}, the first {@code firstJobs} only when that is positive. */
    TraceJobCount(TraceSource trace, long firstJobs) {
        Thread counter = new Thread(() -> total.set(count(trace, firstJobs)), "bgctl-trace-count");
        counter.setDaemon(true);
        counter.start();
    }

    /** The job lines counted, or -1 while counting (or when the trace could not be read again). */
    long total() {
        return total.get();
    }

    private static long count(TraceSource trace, long firstJobs) {
        long n = 0;
        try (SwfReader reader = trace.open(true)) {
            while ((firstJobs <= 0 || n < firstJobs) && reader.hasNext()) {
                reader.next();
                n++;
            }
            long lines = n + reader.skippedLines();
            return firstJobs > 0 ? Math.min(lines, firstJobs) : lines;
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }
}

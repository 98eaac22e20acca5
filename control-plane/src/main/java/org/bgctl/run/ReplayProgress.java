package org.bgctl.run;

import java.time.Duration;
import java.util.Iterator;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bgctl.report.JobTable;
import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfReader;
import org.bgctl.workload.Workload;

/**
 * How far a replay has come, reported to a {@link Progress} every so often: the trace's job lines dealt with
 * (jobs finished, and lines the workload set aside) out of the lines the trace holds, counted ahead
 * ({@link TraceJobCount}). The lines set aside are counted where the trace is read, at most a read-ahead's chunks
 * before the scheduler sees them, so the figure stays below the total until the run's end says it is reached.
 */
final class ReplayProgress implements AutoCloseable {

    private final Progress progress;
    private final JobTable table;
    private final TraceJobCount count;
    private final AtomicLong setAside = new AtomicLong();
    private final ScheduledExecutorService ticker;

    /** Starts counting the trace's job lines, and reporting every {@code every}. */
    ReplayProgress(Progress progress, Duration every, JobTable table, TraceSource trace, long firstJobs) {
        this.progress = progress;
        this.table = table;
        this.count = progress == Progress.NONE ? null : new TraceJobCount(trace, firstJobs);
        ticker = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bgctl-progress");
            t.setDaemon(true);
            return t;
        });
        long ms = Math.max(50, every.toMillis());
        if (count != null) ticker.scheduleAtFixedRate(this::report, ms, ms, TimeUnit.MILLISECONDS);
    }

    private void report() {
        long total = count.total();
        long done = table.finishedCount() + setAside.get();
        progress.report(total > 0 ? Math.min(done, total - 1) : done, total, table.lastTime(), table.events(), false);
    }

    /**
     * The jobs of {@code workload}, counting the trace lines it sets aside on the way (on the thread that reads
     * them).
     */
    Iterator<Job> jobs(Workload workload, SwfReader reader) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                boolean more = workload.hasNext();
                setAside.set(workload.jobsRead() + reader.skippedLines() - workload.jobsKept());
                return more;
            }

            @Override
            public Job next() {
                return workload.next().job();
            }
        };
    }

    /** Stops reporting; with {@code ended}, reports the run's end: every job line dealt with. */
    void finish(boolean ended) {
        ticker.shutdownNow();
        if (count == null) return;
        long total = count.total();
        long done = table.finishedCount() + setAside.get();
        if (ended) done = Math.max(done, total);
        progress.report(done, lastTotal(done, total, ended), table.lastTime(), table.events(), ended);
    }

    /**
     * The total of the last report: the trace's job lines, or, not yet counted ({@code total} < 0), the jobs done when
     * the run ended (every line dealt with), else still unknown: a run interrupted before its lines were counted is
     * not shown as done.
     */
    static long lastTotal(long done, long total, boolean ended) {
        return total < 0 && ended ? done : total;
    }

    @Override
    public void close() {
        ticker.shutdownNow();
    }
}

package org.bgctl.run;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bgctl.report.ClassMetrics;
import org.bgctl.report.JobRecord;
import org.bgctl.report.JobSpill;
import org.bgctl.report.JobsCsv;
import org.bgctl.report.RunMetrics;
import org.bgctl.report.ScheduleSwf;
import org.bgctl.swf.SwfWriter;
import org.bgctl.workload.OfferedLoad;

/**
 * What a replay makes of its settled jobs, in one pass over them in job-id order: jobs.csv and schedule.swf
 * written as the jobs come, and the figures of summary.json kept as sums and sorted in bounded memory.
 *
 * @param metrics      the run's metrics ({@link RunMetrics})
 * @param classes      summary.json's {@code job_classes}, or null when not asked for
 * @param offeredLoad  the offered load of the submitted jobs
 * @param killed       jobs killed at their wall time or by a failed component
 * @param neverStarted jobs that never started
 * @param failed       jobs a failed component killed, and not run again
 * @param leftQueued   jobs still queued when the run ended (status never_started)
 * @param leftRunning  jobs still running when the run ended (a run ended by --until)
 * @param kept         every job, for the reports that need them all (the NQS queues), else empty
 */
record JobOutputs(RunMetrics metrics, Map<String, Object> classes, double offeredLoad, long killed,
                  long neverStarted, long failed, long leftQueued, long leftRunning, List<JobRecord> kept) {

    /**
     * Writes jobs.csv and schedule.swf into {@code out} from {@code spill} and makes the figures.
     *
     * @param classes whether to make the figures by job class
     * @param keep    whether to keep every job in memory as well
     * @param also    given every job, in the order written
     */
    static JobOutputs write(JobSpill spill, Path out, String machine, int nodes, String scheduler, String trace,
                            boolean classes, boolean keep, Consumer<JobRecord> also) throws IOException {
        ClassMetrics byClass = classes ? new ClassMetrics() : null;
        OfferedLoad load = new OfferedLoad();
        List<JobRecord> kept = new ArrayList<>();
        long[] counts = new long[5];
        try (RunMetrics.Builder metrics = new RunMetrics.Builder(spill.firstSubmit(), spill.largest());
             OutputStream csv = new BufferedOutputStream(Files.newOutputStream(out.resolve("jobs.csv")), 1 << 16);
             SwfWriter swf = ScheduleSwf.open(out.resolve("schedule.swf"), spill.jobs(), machine, scheduler, trace,
                     nodes)) {
            csv.write((JobsCsv.header(spill.boots()) + "\n").getBytes(StandardCharsets.UTF_8));
            IoConsumer each = e -> {
                JobRecord r = e.record();
                csv.write(e.csvRow());
                ScheduleSwf.write(swf, r);
                metrics.add(r);
                if (byClass != null) byClass.add(r);
                load.add(r.job());
                if (r.killed()) counts[0]++;
                if (r.start() < 0) counts[1]++;
                if (r.killedByFault()) counts[2]++;
                if (r.status().equals("never_started")) counts[3]++;
                else if (r.status().equals("running")) counts[4]++;
                if (keep) kept.add(r);
                also.accept(r);
            };
            try {
                spill.read(each);
            } catch (UncheckedIOException x) {
                throw x.getCause();
            }
            return new JobOutputs(metrics.build(nodes), byClass == null ? null : byClass.fields(), load.on(nodes),
                    counts[0], counts[1], counts[2], counts[3], counts[4], kept);
        }
    }

    /** A consumer of entries that writes, its I/O errors passed on unchecked. */
    private interface IoConsumer extends Consumer<JobSpill.Entry> {
        void write(JobSpill.Entry e) throws IOException;

        @Override
        default void accept(JobSpill.Entry e) {
            try {
                write(e);
            } catch (IOException x) {
                throw new UncheckedIOException(x);
            }
        }
    }
}

package org.bgctl.report;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfRecord;
import org.bgctl.swf.SwfWriter;

/**
 * Writes the emulated schedule as an SWF trace, so any SWF tool can read it: wait and run time
 * are the emulated ones, allocated processors the nodes the job held, requested processors and
 * time what it asked for. Status 1 = completed, 0 = killed (at its wall time or by a failed
 * component); a job that never
 * started is written with status 5 (cancelled), wait and run -1; a job still running when the run ended
 * (--until) with status 5 too, its wait and nodes held, run -1.
 */
public final class ScheduleSwf {

    private ScheduleSwf() {
    }

    public static void write(Path file, List<JobRecord> records, String machine, String scheduler, String trace,
                             int nodes) throws IOException {
        try (SwfWriter out = open(file, records.size(), machine, scheduler, trace, nodes)) {
            for (JobRecord r : records) write(out, r);
        }
    }

    /** Creates {@code file} with the header of a schedule of {@code jobs} jobs; write them with {@link #write}. */
    public static SwfWriter open(Path file, long jobs, String machine, String scheduler, String trace, int nodes)
            throws IOException {
        List<String> header = new ArrayList<>();
        header.add("; Version: 2.2");
        header.add("; Computer: bgctl emulation of " + machine);
        header.add("; MaxNodes: " + nodes);
        header.add("; MaxProcs: " + nodes);
        header.add("; MaxJobs: " + jobs);
        header.add("; MaxRecords: " + jobs);
        header.add("; Note: schedule emulated by bgctl with scheduler " + scheduler + " from trace " + trace);
        header.add("; Note: wait and run times are emulated; times are seconds from the trace's origin");
        return SwfWriter.open(file, header);
    }

    /** Writes the line of {@code r}. */
    public static void write(SwfWriter out, JobRecord r) throws IOException {
        out.write(record(r));
    }

    private static SwfRecord record(JobRecord r) {
        Job j = r.job();
        boolean ran = r.finished();
        boolean started = r.start() >= 0; // finished, or still running when the run ended (--until)
        int status = !ran || r.cancelled() ? 5 : r.killed() ? 0 : 1;
        return new SwfRecord(j.id(), j.submit(), started ? r.waitTime() : -1, ran ? r.runTime() : -1,
                started ? r.size() : -1, -1, -1, j.size(), j.requestedTime(), -1, status,
                j.user(), j.group(), j.executable(), j.queue(), -1, -1, -1);
    }
}

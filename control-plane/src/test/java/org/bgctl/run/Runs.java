package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.workload.WorkloadOptions;

/** Test helpers: replays of the committed trace excerpts and reading their outputs. */
final class Runs {

    static final TraceSource SDSC = new TraceSource(null, "/traces/sdsc-sp2-excerpt.swf");
    static final TraceSource NASA = new TraceSource(null, "/traces/nasa-ipsc-excerpt.swf");

    private Runs() {
    }

    static ReplayResult replay(TraceSource trace, String machine, String scheduler, ExecutorKind executor,
                               JournalKind journal, Path out) throws IOException {
        return replay(trace, machine, scheduler, WorkloadOptions.defaults(), executor, journal, out);
    }

    static ReplayResult replay(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                               ExecutorKind executor, JournalKind journal, Path out) throws IOException {
        return Replay.run(new ReplaySpec(trace, machine, scheduler, workload, false, out, journal, executor),
                Progress.none(), Duration.ofHours(1));
    }

    /** A replay through the actors, hosted by {@code host}. */
    static ReplayResult replay(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                               ActorHost host, JournalKind journal, Path out) throws IOException {
        return Replay.run(new ReplaySpec(trace, machine, scheduler, workload, false, out, journal, ExecutorKind.ACTORS),
                host, Progress.none(), Duration.ofHours(1));
    }

    /** job_id → start_s of a CSV whose first columns include job_id and start_s. */
    static Map<Long, Long> starts(List<String> csv) {
        List<String> header = List.of(csv.get(0).split(","));
        int id = header.indexOf("job_id");
        int start = header.indexOf("start_s");
        Map<Long, Long> starts = new TreeMap<>();
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            starts.put(Long.parseLong(f[id]), Long.parseLong(f[start]));
        }
        return starts;
    }

    static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file, StandardCharsets.UTF_8);
    }

    static List<String> resourceLines(String resource) throws IOException {
        try (InputStream in = Runs.class.getResourceAsStream(resource)) {
            if (in == null) throw new IOException("missing test resource " + resource);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
        }
    }

    /** Both run directories hold the same jobs.csv and schedule.swf, and the same summary.json but its {@code run}. */
    static void assertSameOutputs(Path a, Path b) throws IOException {
        assertArrayEquals(Files.readAllBytes(a.resolve("jobs.csv")), Files.readAllBytes(b.resolve("jobs.csv")));
        assertArrayEquals(Files.readAllBytes(a.resolve("schedule.swf")), Files.readAllBytes(b.resolve("schedule.swf")));
        assertEquals(reproducibleSummary(a), reproducibleSummary(b));
    }

    /** The run's journal alone rebuilds its jobs.csv byte for byte; returns the number of events read. */
    static long assertJournalRebuildsJobsCsv(Path runDir) throws IOException {
        JobTable table = new JobTable();
        long events = JournalReader.read(runDir, table);
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(runDir.resolve("jobs.csv")), rebuilt.toString());
        return events;
    }

    /** summary.json without its wall-clock {@code run} object. */
    static String reproducibleSummary(Path runDir) throws IOException {
        String json = Files.readString(runDir.resolve("summary.json"));
        int run = json.indexOf("\"run\"");
        return run < 0 ? json : json.substring(0, run);
    }
}

package org.bgctl.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.report.Summary;
import org.bgctl.run.RunRecord;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.scheduler.event.SchedulerEvent;
import picocli.CommandLine.Option;

/** The options that name a recorded run: its directory, and its machine when summary.json should not decide. */
final class RecordedRunOptions {

    @Option(names = "--run", paramLabel = "DIR", description = "The run directory (required).")
    Path run;

    @Option(names = "--machine", paramLabel = "NAME",
            description = "The run's machine, on which its journal is read back. Default: the machine in the run's"
                    + " summary.json, or in its run.json when it has no summary (a durable replay killed, say).")
    String machine;

    /** The run directory, which must be given, and be one. */
    Path requireRun() {
        if (run == null) throw new IllegalArgumentException("--run DIR is required");
        if (!Files.isDirectory(run))
            throw new IllegalArgumentException("--run " + run + ": " + (Files.exists(run) ? "not a directory"
                    : "no such directory"));
        return run;
    }

    /**
     * The machine the run was made on: {@code --machine}, else the one its summary.json names, else, for a durable
     * replay stopped before its summary (killed, say), the one its run.json records.
     */
    String machineName() throws IOException {
        if (machine != null) return machine;
        Path dir = requireRun();
        if (!Files.isRegularFile(dir.resolve("summary.json")) && RunRecord.exists(dir)) {
            Optional<String> recorded = RunRecord.read(dir).parameters().get("machine");
            if (recorded.isPresent()) return recorded.get();
        }
        return Summary.machineOf(dir);
    }

    /** The run as the events of its journal up to {@code until} (inclusive) left it, on a fresh model of its machine. */
    RecordedRun read(long until) throws IOException {
        return read(until, EventSink.none());
    }

    /** As {@link #read(long)}, the same events given to {@code also}. */
    RecordedRun read(long until, EventSink also) throws IOException {
        RecordedRun recorded = fresh();
        JournalReader.read(run, (SchedulerEvent e) -> {
            if (e.time() <= until) {
                recorded.accept(e);
                also.accept(e);
            }
        });
        return recorded;
    }

    /** The run's busiest instant ({@link BusiestInstant}), its whole journal read. */
    BusiestInstant busiest() throws IOException {
        BusiestInstant busiest = new BusiestInstant(fresh());
        JournalReader.read(run, busiest);
        return busiest;
    }

    /** Nothing of the run yet: a fresh model of its machine. */
    private RecordedRun fresh() throws IOException {
        requireRun();
        return new RecordedRun(MachineCatalog.create(machineName()));
    }
}

package org.bgctl.cli;

import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.EventFormat;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.run.ActorReplay;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code bgctl inspect}: reads a run's journal back. */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Read a run's journal: print its events, or rebuild its job table from the journal alone.")
public final class InspectCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--run", paramLabel = "DIR", required = true, description = "The run directory.")
    Path run;

    @Option(names = "--jobs-csv", paramLabel = "FILE",
            description = "Rebuild jobs.csv from the journal into FILE instead of printing events.")
    Path jobsCsv;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "0",
            description = "Print at most N events (0 = all).")
    long limit;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        String id = ActorReplay.SCHEDULER_ID.id();
        if (jobsCsv != null) {
            JobTable table = new JobTable();
            long n = JournalReader.read(run, id, table);
            try (Writer w = Files.newBufferedWriter(jobsCsv, StandardCharsets.UTF_8)) {
                JobsCsv.write(table.records(), w);
            }
            out.printf("%d events read; %d jobs written to %s%n", n, table.size(), jobsCsv);
        } else {
            long[] seq = {0};
            long n = JournalReader.read(run, id, e -> {
                seq[0]++;
                if (limit <= 0 || seq[0] <= limit) out.println(EventFormat.line(seq[0], e));
            });
            out.printf("%d events in the journal of %s%n", n, run);
        }
        out.flush();
        return 0;
    }
}

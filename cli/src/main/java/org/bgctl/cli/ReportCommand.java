package org.bgctl.cli;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import org.bgctl.report.html.RunReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl report}: writes (again) the report.html of a run directory. */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Write report.html into a run directory: one page, opened from disk, with the run's figures,"
                + " utilization and queue length over time, the wait-time distribution, the bounded slowdown by size"
                + " class, on a machine of midplanes the partition each job held over time, the fault timeline, and"
                + " the run's parameters. Every replay writes it; this makes it for older runs and for serve runs"
                + " (from their journal).",
        footer = {"", "Example: bgctl report --run runs/ctc-bgl"})
public final class ReportCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--run", paramLabel = "DIR", required = true,
            description = "The run directory: summary.json with jobs.csv or a journal.")
    Path run;

    @Override
    public Integer call() throws Exception {
        // an empty path would be the working directory, and the error would name no directory at all
        if (run.toString().isEmpty())
            throw new ParameterException(spec.commandLine(), "--run is empty: give the run directory");
        if (!Files.isDirectory(run))
            throw new ParameterException(spec.commandLine(), "--run " + run + " is not a directory");
        Path file = RunReport.write(run);
        PrintWriter out = spec.commandLine().getOut();
        out.println("bgctl report: wrote " + file);
        out.flush();
        return 0;
    }
}

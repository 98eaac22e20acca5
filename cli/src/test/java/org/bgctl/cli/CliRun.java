package org.bgctl.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;

/**
 * Test helper: one {@code bgctl} invocation through {@link Bgctl#commandLine()}, with its exit
 * code and captured output (no {@code System.exit}).
 */
record CliRun(int exit, String out, String err) {

    static CliRun of(String... args) {
        CommandLine cli = Bgctl.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        int exit = cli.execute(args);
        return new CliRun(exit, out.toString(), err.toString());
    }

    /** Writes an SWF trace of {@code lines} to {@code dir/name}. */
    static Path trace(Path dir, String name, String... lines) throws IOException {
        return Files.write(dir.resolve(name), List.of(lines), StandardCharsets.UTF_8);
    }

    /** An 18-field SWF job line: id, submit, run time, processors, requested time; the rest unknown. */
    static String job(long id, long submit, long run, int procs, long requested) {
        return id + " " + submit + " -1 " + run + " " + procs + " -1 -1 " + procs + " " + requested
                + " -1 1 -1 -1 -1 -1 -1 -1 -1";
    }

    @Override
    public String toString() {
        return "exit " + exit + "\n--- out\n" + out + "--- err\n" + err;
    }
}

package org.bgctl.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.bgctl.swf.SwfFormatException;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code bgctl} command line. */
@Command(name = "bgctl", mixinStandardHelpOptions = true, version = "bgctl 0.1.0",
        description = "A live emulator of a Blue Gene/L-style supercomputer control plane.",
        subcommands = {ReplayCommand.class, SweepCommand.class, InspectCommand.class, StatusCommand.class,
                ServeCommand.class, SubmitCommand.class, CancelCommand.class, JobsCommand.class, FaultCommand.class,
                DbCommand.class, NodeCommand.class,
                CommandLine.HelpCommand.class})
public final class Bgctl {

    /** Exit code for bad input: a bad option, trace line, machine or run directory. */
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        // Initialise logging before any actor system starts logging from other threads.
        LoggerFactory.getLogger(Bgctl.class);
        System.exit(commandLine().execute(args));
    }

    /** The configured command line, for main and for tests. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Bgctl());
        cli.setExecutionExceptionHandler((e, cmd, parsed) -> {
            cmd.getErr().println("bgctl: " + message(e));
            cmd.getErr().flush();
            return badInput(e) ? BAD_INPUT : 1;
        });
        return cli;
    }

    private static boolean badInput(Exception e) {
        return e instanceof IllegalArgumentException || e instanceof SwfFormatException
                || e instanceof IOException || e instanceof UncheckedIOException;
    }

    private static String message(Exception e) {
        String m = e.getMessage();
        return m == null || m.isBlank() ? e.toString() : m;
    }
}

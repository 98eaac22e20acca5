package org.bgctl.cli;

import org.bgctl.run.ActorsAhead;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ScopeType;

/** The {@code bgctl} command line. */
@Command(name = "bgctl", mixinStandardHelpOptions = true, version = "bgctl 0.1.0",
        description = "A live emulator of a Blue Gene/L-style supercomputer control plane.",
        subcommands = {ReplayCommand.class, SweepCommand.class, InspectCommand.class, StatusCommand.class,
                ServeCommand.class, SubmitCommand.class, CancelCommand.class, JobsCommand.class, FaultCommand.class,
                ReserveCommand.class, DbCommand.class, NodeCommand.class, ReportCommand.class,
                CommandLine.HelpCommand.class})
public final class Bgctl {

    /** Exit code for bad input: a bad option, trace line, machine or run directory. */
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        // A replay or sweep ended by a signal says where it stopped: from now on, while its words are parsed too.
        Interruption interruption = args.length > 0 && (args[0].equals("replay") || args[0].equals("sweep"))
                ? Interruption.installForProcess() : null;
        // A replay's actor system starts now when the words say which it will be: Akka comes up while they are parsed.
        ReplayAhead.journal(args).ifPresent(ActorsAhead::start);
        // Initialise logging before any actor system starts logging from other threads.
        LoggerFactory.getLogger(Bgctl.class);
        int code = commandLine().execute(args);
        if (interruption != null) interruption.end(code);
        System.exit(code);
    }

    @Option(names = ErrorReport.DEBUG, scope = ScopeType.INHERIT,
            description = "On an error, print its stack trace too.")
    boolean debug;

    /** The configured command line, for main and for tests: every error is reported by {@link ErrorReport}. */
    public static CommandLine commandLine() {
        CommandLine cli = new CommandLine(new Bgctl());
        cli.setParameterExceptionHandler(ErrorReport::parameter);
        cli.setExecutionExceptionHandler(ErrorReport::execution);
        return cli;
    }
}

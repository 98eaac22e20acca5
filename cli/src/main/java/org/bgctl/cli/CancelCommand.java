package org.bgctl.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bgctl cancel}: a job of a running server. */
@Command(name = "cancel", mixinStandardHelpOptions = true,
        description = "Cancel a job of a running server: a queued job leaves the queue, a running one is stopped.")
public final class CancelCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Parameters(paramLabel = "ID", description = "The job id.")
    long id;

    @Override
    public Integer call() throws Exception {
        // a run's jobs are numbered from 1: a trace's as SWF numbers them, those submitted live after them
        if (id < 1) throw new ParameterException(spec.commandLine(), "ID: expected a job id (1 or more), got " + id);
        server.client().delete("api/jobs/" + id);
        spec.commandLine().getOut().printf("job %d cancelled%n", id);
        spec.commandLine().getOut().flush();
        return 0;
    }
}

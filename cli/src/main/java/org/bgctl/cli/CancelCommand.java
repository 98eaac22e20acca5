package org.bgctl.cli;

import java.util.concurrent.Callable;
import org.bgctl.live.JobIds;
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

    @Parameters(paramLabel = "ID", description = "The job id (1 or more).")
    String id;

    @Override
    public Integer call() throws Exception {
        // a run's jobs are numbered from 1: a trace's as SWF numbers them, those submitted live after them
        long job;
        try {
            job = JobIds.parse(id);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "ID: " + e.getMessage());
        }
        server.client().delete("api/jobs/" + job);
        spec.commandLine().getOut().printf("job %d cancelled%n", job);
        spec.commandLine().getOut().flush();
        return 0;
    }
}

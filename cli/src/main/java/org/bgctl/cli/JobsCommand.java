package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import org.bgctl.live.LiveView;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** {@code bgctl jobs}: the jobs of a running server. */
@Command(name = "jobs", mixinStandardHelpOptions = true, description = "List the jobs of a running server.")
public final class JobsCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Option(names = "--status", paramLabel = "S", description = "Only jobs in this state: queued, running, suspended, completed, killed_at_walltime,"
            + " killed_by_fault or cancelled.")
    String status;

    @Override
    public Integer call() throws Exception {
        if (status != null && !LiveView.STATUSES.contains(status))
            throw new ParameterException(spec.commandLine(), "--status: expected one of "
                    + String.join(", ", LiveView.STATUSES) + "; got '" + status + "'");
        JsonNode jobs = server.client().get("api/jobs");
        PrintWriter out = spec.commandLine().getOut();
        out.printf("%8s %-16s %8s %6s %-9s %8s %8s %8s %s%n", "id", "status", "submit", "size", "shape", "runtime", "start",
                "end", "partition");
        for (JsonNode j : jobs) {
            if (status != null && !status.equals(j.get("status").asText())) continue;
            out.printf("%8d %-16s %8d %6d %-9s %8d %8s %8s %s%n", j.get("id").asLong(), j.get("status").asText(),
                    j.get("submit").asLong(), j.get("size").asInt(), j.get("shape").isNull() ? "-" : j.get("shape").asText(),
                    j.get("runtime").asLong(), text(j.get("start")), text(j.get("end")), j.get("partition").asText());
        }
        out.flush();
        return 0;
    }

    private static String text(JsonNode n) {
        return n == null || n.isNull() ? "-" : n.asText();
    }
}

package org.bgctl.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bgctl submit}: a job to a running server. */
@Command(name = "submit", mixinStandardHelpOptions = true,
        description = "Submit a job to a running server; prints its id and submit time.",
        footer = {"", "Example: bgctl submit --shape 2x2x4 --topology torus --runtime 3600 --estimate 7200"})
public final class SubmitCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    static final class Size {
        @Option(names = "--size", paramLabel = "N", required = true, description = "Nodes.")
        Integer size;

        @Option(names = "--shape", paramLabel = "XxYxZ", required = true, description = "A box of midplanes, e.g. 2x2x4.")
        String shape;
    }

    @ArgGroup(exclusive = true, multiplicity = "1")
    Size size;

    @Option(names = "--topology", paramLabel = "mesh|torus", description = "How the midplanes are joined (default mesh).")
    String topology;

    @Option(names = "--runtime", paramLabel = "S", required = true, description = "Seconds the job really runs.")
    long runtime;

    @Option(names = "--estimate", paramLabel = "S", description = "The user's estimate in seconds (default: the runtime).")
    Long estimate;

    @Override
    public Integer call() throws Exception {
        Map<String, Object> body = new LinkedHashMap<>();
        if (size.size != null) body.put("size", size.size);
        else body.put("shape", size.shape);
        if (topology != null) body.put("topology", topology);
        body.put("runtime", runtime);
        if (estimate != null) body.put("estimate", estimate);
        JsonNode job = server.client().post("api/jobs", body);
        spec.commandLine().getOut().printf("job %d submitted at %d s%n", job.get("id").asLong(), job.get("submit").asLong());
        spec.commandLine().getOut().flush();
        return 0;
    }
}

package org.bgctl.cli;

import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code bgctl fault}: a component of a running server goes down or comes back up. */
@Command(name = "fault", mixinStandardHelpOptions = true,
        description = "Report a component of a running server down (jobs holding it are killed; allocation avoids it)"
                + " or up again (repaired).",
        footer = {"", "Example: bgctl fault mp-R000 down"})
public final class FaultCommand implements Callable<Integer> {

    /** A component's new state. */
    enum State { down, up }

    @Spec
    CommandSpec spec;

    @Mixin
    ServerOptions server;

    @Parameters(index = "0", paramLabel = "COMPONENT", description = "A midplane, switch or cable id, e.g. mp-R000.")
    String component;

    @Parameters(index = "1", paramLabel = "down|up", description = "Its new state.")
    State state;

    @Override
    public Integer call() throws Exception {
        server.client().post("api/faults", Map.of("component", component, "state", state.name()));
        spec.commandLine().getOut().printf("%s %s%n", component, state);
        spec.commandLine().getOut().flush();
        return 0;
    }
}

package org.bgctl.cli;

import java.io.PrintWriter;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.bgctl.cluster.ClusterNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code bgctl node}: a cluster member that hosts agents for runs driven by {@code replay --cluster} or {@code serve --cluster}. */
@Command(name = "node", mixinStandardHelpOptions = true,
        description = "Start a cluster member that hosts unit agents (sharded by unit id) until it is stopped.",
        footer = {"", "Every member must be given the same --machine as the driver (bgctl replay --cluster or bgctl serve --cluster).",
                "Example: bgctl node --machine bgl --port 2553 --seed-nodes 127.0.0.1:2552"})
public final class NodeCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ClusterMemberOptions member;

    @Option(names = "--machine", paramLabel = "NAME", required = true,
            description = "The machine whose agents this member hosts, as for replay --machine.",
            completionCandidates = MachineNames.class)
    String machine;

    @Override
    public Integer call() {
        ClusterNode node = ClusterNode.start(member.toOptions(1), machine);
        PrintWriter out = spec.commandLine().getOut();
        out.printf("bgctl node %s hosts agents of %s; stop it with Ctrl-C%n", node.system().address(), machine);
        out.flush();
        Optional<String> downed = node.awaitStop();
        if (downed.isPresent()) throw new IllegalStateException(downed.get());
        return 0;
    }
}

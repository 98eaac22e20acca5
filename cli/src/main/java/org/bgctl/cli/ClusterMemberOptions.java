package org.bgctl.cli;

import java.util.List;
import org.bgctl.cluster.ClusterOptions;
import picocli.CommandLine.Option;

/** Where a cluster member listens and whom it joins: the options of {@code replay --cluster} and {@code node}. */
final class ClusterMemberOptions {

    @Option(names = "--hostname", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address other members reach this one at. Default: ${DEFAULT-VALUE} (this machine only).")
    String hostname;

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "2552",
            description = "Remoting (Artery TCP) port of this member; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT", split = ",",
            description = "Members to join, comma-separated; the first one forms the cluster when it is this member."
                    + " Default: this member alone.")
    List<String> seedNodes;

    /** The options, {@code members} of them expected to host agents. */
    ClusterOptions toOptions(int members) {
        List<String> seeds = seedNodes != null ? seedNodes : List.of(hostname + ":" + port);
        return new ClusterOptions(hostname, port, seeds, members);
    }
}

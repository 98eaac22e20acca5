package org.bgctl.cli;

import java.util.List;
import org.bgctl.cluster.ClusterOptions;
import picocli.CommandLine.Option;

/**
 * Where a cluster member is reached and whom it joins, the options {@code replay --cluster}, {@code node} and
 * {@code serve --cluster} share: {@code node} names its remoting port --port, the drivers --cluster-port.
 */
abstract class ClusterJoinOptions {

    @Option(names = "--hostname", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address other members reach this one at. Default: ${DEFAULT-VALUE} (this machine only).")
    String hostname;

    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT", split = ",",
            description = "Members to join, comma-separated; the first one forms the cluster when it is this member."
                    + " Default: this member alone.")
    List<String> seedNodes;

    /** This member's remoting (Artery) port. */
    abstract int remotingPort();

    /** The options, {@code members} of them expected to host agents. */
    ClusterOptions toOptions(int members) {
        List<String> seeds = seedNodes != null ? seedNodes : List.of(hostname + ":" + remotingPort());
        return new ClusterOptions(hostname, remotingPort(), seeds, members);
    }
}

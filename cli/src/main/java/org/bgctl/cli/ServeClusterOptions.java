package org.bgctl.cli;

import picocli.CommandLine.Option;

/** Where {@code serve --cluster} listens as a cluster member (its --port is the HTTP API's) and whom it joins. */
final class ServeClusterOptions extends ClusterJoinOptions {

    @Option(names = "--cluster-port", paramLabel = "PORT", defaultValue = "2552",
            description = "With --cluster: remoting (Artery TCP) port of this member; 0 picks a free one."
                    + " Default: ${DEFAULT-VALUE}.")
    int clusterPort;

    @Override
    int remotingPort() {
        return clusterPort;
    }
}

package org.bgctl.cli;

import picocli.CommandLine.Option;

/**
 * Where a driver — {@code replay --cluster} or {@code serve --cluster} — listens as a cluster member and whom it
 * joins; its --port, if any, is the HTTP API's.
 */
final class DriverClusterOptions extends ClusterJoinOptions {

    @Option(names = "--cluster-port", paramLabel = "PORT", defaultValue = "2552",
            description = "With --cluster: remoting (Artery TCP) port of this member; 0 picks a free one."
                    + " Default: ${DEFAULT-VALUE}.")
    int clusterPort;

    @Override
    int remotingPort() {
        return clusterPort;
    }
}

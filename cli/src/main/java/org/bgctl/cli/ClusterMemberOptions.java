package org.bgctl.cli;

import picocli.CommandLine.Option;

/** Where a cluster member listens and whom it joins: the options of {@code replay --cluster} and {@code node}. */
final class ClusterMemberOptions extends ClusterJoinOptions {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "2552",
            description = "Remoting (Artery TCP) port of this member; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Override
    int remotingPort() {
        return port;
    }
}

package org.bgctl.cli;

import picocli.CommandLine.Option;

/** Where a {@code bgctl node} member listens and whom it joins. */
final class ClusterMemberOptions extends ClusterJoinOptions {

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "2552",
            description = "Remoting (Artery TCP) port of this member; 0 picks a free one. Default: ${DEFAULT-VALUE}.")
    int port;

    @Override
    String portOption() {
        return "--port";
    }

    @Override
    int remotingPort() {
        return port;
    }
}

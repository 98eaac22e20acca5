package org.bgctl.cli;

import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

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
    String portOption() {
        return "--cluster-port";
    }

    @Override
    int remotingPort() {
        return clusterPort;
    }

    /** The options that configure the cluster of {@code --cluster}, {@code --members} included. */
    static final String[] SETTINGS = {"--members", "--seed-nodes", "--cluster-port", "--hostname"};

    /**
     * Refuses a setting of the cluster given without {@code --cluster}, which would be ignored.
     *
     * @throws ParameterException naming the first such option
     */
    static void refuseWithoutCluster(CommandLine command, boolean cluster) {
        if (cluster) return;
        for (String option : SETTINGS)
            if (command.getParseResult().hasMatchedOption(option))
                throw new ParameterException(command, option + " configures the cluster of --cluster;"
                        + " give --cluster too, or leave it out");
    }
}

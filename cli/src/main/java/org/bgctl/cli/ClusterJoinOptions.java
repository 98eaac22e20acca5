package org.bgctl.cli;

import java.io.IOException;
import java.util.List;
import org.bgctl.cluster.ClusterOptions;
import org.bgctl.live.PortProbe;
import picocli.CommandLine.Option;

/**
 * Where a cluster member is reached and whom it joins, the options {@code replay --cluster}, {@code node} and
 * {@code serve --cluster} share: {@code node} names its remoting port --port, the drivers --cluster-port.
 */
abstract class ClusterJoinOptions {

    /** The property that sets the address Akka's remoting binds, apart from the one other members reach. */
    private static final String BIND_HOSTNAME = "akka.remote.artery.bind.hostname";

    @Option(names = "--hostname", paramLabel = "HOST", defaultValue = "127.0.0.1",
            description = "Address other members reach this one at. Default: ${DEFAULT-VALUE} (this machine only).")
    String hostname;

    @Option(names = "--seed-nodes", paramLabel = "HOST:PORT", split = ",",
            description = "Members to join, comma-separated; the first one forms the cluster when it is this member."
                    + " Default: this member alone.")
    List<String> seedNodes;

    /** This member's remoting (Artery) port. */
    abstract int remotingPort();

    /** The name of the option that gives {@link #remotingPort()}. */
    abstract String portOption();

    /**
     * The options, {@code members} of them expected to host agents.
     *
     * @throws IllegalArgumentException naming the option, also when another program listens at this member's address
     */
    ClusterOptions toOptions(int members) {
        List<String> seeds = seedNodes != null ? seedNodes : List.of(hostname + ":" + remotingPort());
        ClusterOptions options = new ClusterOptions(hostname, remotingPort(), seeds, members);
        refuseAddressInUse();
        return options;
    }

    /**
     * Refuses, before an actor system starts, the address Akka's remoting would bind (its bind.hostname and bind.port
     * when set with -D, else --hostname and the port) when it does not resolve or another program listens there: Akka
     * would log its bind failure with a stack trace and the command end with exit 1.
     */
    private void refuseAddressInUse() {
        String bindHost = System.getProperty(BIND_HOSTNAME);
        String host = bindHost != null ? bindHost : hostname;
        int port = Integer.getInteger("akka.remote.artery.bind.port", remotingPort());
        if (host.isBlank()) return;
        boolean inUse;
        try {
            inUse = PortProbe.inUse(host, port);
        } catch (IOException unresolved) {
            throw new IllegalArgumentException((bindHost != null ? BIND_HOSTNAME : "--hostname") + " " + host
                    + " does not resolve (nothing was changed)", unresolved);
        }
        if (inUse)
            throw new IllegalArgumentException(portOption() + " " + remotingPort() + ": " + host + ":" + port
                    + " is in use (another member or program listens there); give a free port");
    }
}

package org.bgctl.cli;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
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
        int port = remotingPort();
        List<String> seeds;
        if (seedNodes != null) {
            seeds = seedNodes;
        } else {
            // alone, this member is its own seed, which needs a port: port 0 takes a free one now
            if (port == 0) port = freePort();
            seeds = List.of(hostname + ":" + port);
        }
        ClusterOptions options = new ClusterOptions(hostname, port, seeds, members);
        refuseAddressInUse(port);
        return options;
    }

    /** The address Akka's remoting binds: its bind.hostname when set with -D, else --hostname. */
    private String bindHost() {
        String bindHost = System.getProperty(BIND_HOSTNAME);
        return bindHost != null ? bindHost : hostname;
    }

    /** A port free at the address remoting binds, for a member given port 0 and no seed node but itself. */
    private int freePort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(bindHost()))) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new IllegalArgumentException(portOption() + " 0: no free port at " + bindHost() + " ("
                    + e.getMessage() + "); give a port", e);
        }
    }

    /**
     * Refuses, before an actor system starts, the address Akka's remoting would bind (its bind.hostname and bind.port
     * when set with -D, else --hostname and the port) when it does not resolve or another program listens there: Akka
     * would log its bind failure with a stack trace and the command end with exit 1.
     */
    private void refuseAddressInUse(int remotingPort) {
        String bindHost = System.getProperty(BIND_HOSTNAME);
        String host = bindHost();
        int port = Integer.getInteger("akka.remote.artery.bind.port", remotingPort);
        if (host.isBlank()) return;
        boolean inUse;
        try {
            inUse = PortProbe.inUse(host, port);
        } catch (IOException unresolved) {
            throw new IllegalArgumentException((bindHost != null ? BIND_HOSTNAME : "--hostname") + " " + host
                    + " does not resolve (nothing was changed)", unresolved);
        }
        if (inUse)
            throw new IllegalArgumentException(portOption() + " " + remotingPort + ": " + host + ":" + port
                    + " is in use (another member or program listens there); give a free port");
    }
}

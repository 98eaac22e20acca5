package org.bgctl.live;

import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Whether something listens on a port already, asked before Akka binds it: Akka's failed bind logs its stack trace and
 * names its own classes, where a server says in one line that the port is in use.
 */
final class PortProbe {

    private PortProbe() {
    }

    /** Whether {@code host:port} cannot be bound as something listens there; port 0 (any free one) never is. */
    static boolean inUse(String host, int port) throws IOException {
        if (port == 0) return false;
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(InetAddress.getByName(host), port));
            return false;
        } catch (BindException taken) {
            return true;
        }
    }
}

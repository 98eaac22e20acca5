package org.bgctl.live;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Whether something listens on a port already, asked before Akka binds it: Akka's failed bind logs its stack trace and
 * names its own classes, where a command says in one line that the port is in use. Used for the live server's HTTP
 * port, a watched replay's, and a cluster member's remoting port.
 */
public final class PortProbe {

    private PortProbe() {
    }

    /**
     * Whether {@code host:port} cannot be bound as something listens there: the port is refused where another port of
     * the same address binds. Port 0 (any free one) never is; an address this machine cannot listen at, whatever the
     * port, is not either (Akka's bind then says why).
     *
     * @throws IOException when {@code host} does not resolve
     */
    public static boolean inUse(String host, int port) throws IOException {
        if (port == 0) return false;
        InetAddress address = InetAddress.getByName(host);
        return !bindable(address, port) && bindable(address, 0);
    }

    private static boolean bindable(InetAddress address, int port) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(address, port));
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}

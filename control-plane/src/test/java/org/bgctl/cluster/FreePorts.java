package org.bgctl.cluster;

import java.io.IOException;
import java.net.ServerSocket;

/** Ports for the members of a test's cluster. */
public final class FreePorts {

    private FreePorts() {
    }

    /** A TCP port free on this machine a moment ago. */
    public static int any() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}

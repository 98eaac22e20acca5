package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A member or driver given a remoting port another program listens at is refused in one line naming the option and
 * the address, exit 2, before its actor system starts (Akka once logged its bind failure with a stack trace, and the
 * command ended with exit 1).
 */
class ClusterPortInUseTest {

    @TempDir
    Path dir;

    @Test
    @Timeout(60)
    void aNodeOnAPortInUseIsRefusedInOneLine() throws Exception {
        assertRefusedOnATakenPort("node", "--port", port -> new String[] {"node", "--machine", "flat:4", "--port", port});
    }

    @Test
    @Timeout(60)
    void aClusterReplayOnAPortInUseIsRefusedInOneLine() throws Exception {
        assertRefusedOnATakenPort("replay", "--cluster-port", port -> new String[] {"replay", "--demo", "--journal",
                "memory", "--quiet", "--out", dir.resolve("run").toString(), "--cluster", "--cluster-port", port});
    }

    /** Runs the command {@code args} makes of a port another socket listens at, and checks the one-line refusal. */
    private static void assertRefusedOnATakenPort(String command, String option, Function<String, String[]> args)
            throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress("127.0.0.1", 0));
            int port = taken.getLocalPort();
            CliRun run = CliRun.of(args.apply(Integer.toString(port)));
            assertEquals(2, run.exit(), run.toString());
            assertTrue(run.err().startsWith("bgctl " + command + ": " + option + " " + port + ": 127.0.0.1:" + port
                    + " is in use"), run.toString());
            assertFalse(run.err().contains("\tat "), run.toString());
        }
    }
}

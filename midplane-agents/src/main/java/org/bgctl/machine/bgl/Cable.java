package org.bgctl.machine.bgl;

/**
 * A directed cable of a line: it leaves switch {@code from} at {@code outPort} and enters switch
 * {@code to} at {@code inPort}. Switches are numbered by the position of their midplane on the line.
 *
 * <p>A switch has six ports. Ports 0 and 1 join it to its own midplane (0 towards the midplane, 1 from
 * it) and never hold a cable; cables leave a switch at ports 2 and 4 and enter it at ports 3 and 5.
 *
 * @param from    the switch the cable leaves
 * @param outPort the leaving port on {@code from}: 2 or 4
 * @param to      the switch the cable enters
 * @param inPort  the entering port on {@code to}: 3 or 5
 */
public record Cable(int from, int outPort, int to, int inPort) {

    /** Whether a cable may leave a switch at {@code port}. */
    public static boolean isOutPort(int port) {
        return port == 2 || port == 4;
    }

    /** Whether a cable may enter a switch at {@code port}. */
    public static boolean isInPort(int port) {
        return port == 3 || port == 5;
    }

    /** The cable as written in a wiring file. */
    @Override
    public String toString() {
        return "{from: " + from + ", out-port: " + outPort + ", to: " + to + ", in-port: " + inPort + "}";
    }
}

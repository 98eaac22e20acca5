package org.bgctl.machine.bgl;

/**
 * How partitions share a switch (one per midplane per dimension, with ports 0 and 1 to its midplane, cables
 * leaving at 2 and 4 and entering at 3 and 5, internal connections from {0, 3, 5} to {1, 2, 4}).
 */
public enum SwitchModel {
    /**
     * Port by port, as Aridor et al. describe the switch and Slurm's BG/L allocator tracks it: a switch serves
     * several partitions on disjoint ports — its own midplane's partition on ports 0 and 1, another
     * partition's pass-through on a cable port pair. A port is at the end of one cable or faces the midplane,
     * so midplanes and cables held exclusively keep every port exclusive.
     */
    PORTS,
    /**
     * One partition per switch, as Cobalt flags partitions sharing a switch as a wiring conflict: the switch
     * of a held midplane cannot be passed through, and a midplane whose switch is passed through cannot be
     * taken.
     */
    WHOLE;

    /** The name of the option value: {@code ports} or {@code whole}. */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}

package org.bgctl.machine;

/** What a kind of machine offers, beyond holding jobs: what options, faults and geometry apply to it. */
public enum MachineCapability {
    /** Every node is interchangeable: only node counts matter (flat:N). */
    INTERCHANGEABLE_NODES,
    /** Jobs get whole units (midplanes, supernodes, node sets), boxes of them on a torus or mesh. */
    UNITS,
    /** Switches and cables are resources of their own: they are allocated with the units and can fail. */
    SWITCHES,
    /** Takes options after a comma, e.g. bgl,deny-passthrough=x. */
    OPTIONS
}

package org.bgctl.machine;

/** What a kind of machine offers, beyond holding jobs: what options, faults and geometry apply to it. */
public enum MachineCapability {
    /** Every node is interchangeable: only node counts matter (flat:N). */
    INTERCHANGEABLE_NODES,
    /** Jobs ask for boxes of midplanes on a grid: the geometry options (--shapes, --fat-probability, ...) apply. */
    SHAPES,
    /** Switches and cables are resources of their own: they are allocated with the units and can fail. */
    SWITCHES,
    /** Takes options after a comma, e.g. bgl,deny-passthrough=x. */
    OPTIONS
}

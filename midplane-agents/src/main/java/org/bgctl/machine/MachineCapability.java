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
    OPTIONS,
    /** Nodes in a line with a binary buddy tree: a job takes a buddy block or free-list nodes, named by number (buddy:N). */
    BUDDY_TREE,
    /** A torus of whole supernodes with wrap-around and no cables: every job takes a box (Krevat et al.). */
    SUPERNODE_TORUS,
    /** Node sets of a 2D mesh, each allocating with M2DB, and an NQS site: queues, node groups, hours (Paragon). */
    NODE_SETS
}

package org.bgctl.machine;

/** How a partition's midplanes are joined along each dimension. */
public enum Topology {
    /** An open path through the midplanes: no wrap-around link. */
    MESH,
    /** A closed cycle through the midplanes: opposite faces joined. */
    TORUS
}

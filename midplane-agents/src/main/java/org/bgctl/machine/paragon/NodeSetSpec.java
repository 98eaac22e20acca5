package org.bgctl.machine.paragon;

import org.bgctl.machine.Block;

/**
 * One node set of a Paragon site: a rectangle of the mesh whose nodes share their attributes.
 *
 * @param id       the node set's entity id, e.g. {@code ns-1}
 * @param area     its rectangle of the mesh
 * @param memoryMb memory of each of its nodes, in MB
 */
public record NodeSetSpec(String id, Block area, int memoryMb) {
}

package org.bgctl.machine;

/**
 * What a job asks of the machine: a number of nodes.
 *
 * @param nodes requested nodes, positive
 */
public record Demand(int nodes) {
    public Demand {
        if (nodes <= 0) throw new IllegalArgumentException("a demand needs a positive node count, was " + nodes);
    }
}

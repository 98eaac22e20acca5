package org.bgctl.machine.paragon;

import java.util.List;

/**
 * A node group: the node sets an NQS queue's jobs may use, in the order they are tried, in prime
 * and in non-prime time (Wan et al., section 2.2). Node groups may share node sets.
 *
 * @param name     the group's name
 * @param prime    node set ids used in prime time, possibly none
 * @param nonPrime node set ids used in non-prime time, possibly none
 */
public record NodeGroup(String name, List<String> prime, List<String> nonPrime) {

    public NodeGroup {
        prime = List.copyOf(prime);
        nonPrime = List.copyOf(nonPrime);
    }

    /** The node sets of {@code period}, in order. */
    public List<String> nodeSets(Period period) {
        return period == Period.PRIME ? prime : nonPrime;
    }
}

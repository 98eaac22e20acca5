package org.bgctl.machine;

import java.util.Optional;

/**
 * The nodes of one node set and which of them are held: what a node-set agent keeps to enforce
 * its occupancy (a count on a flat machine, a buddy line, an M2DB mesh). It checks and records
 * claims that a placement chose; choosing nodes is the machine model's business.
 */
public interface NodeAllocator {

    /** Nodes of the node set. */
    int capacity();

    /** Nodes not held. */
    int freeNodes();

    /** Why {@code claim} cannot be taken now, or empty when it can. */
    Optional<String> conflict(NodeClaim claim);

    /** Takes the claim's nodes; throws IllegalStateException naming the conflict when it cannot. */
    void take(NodeClaim claim);

    /** Gives back the nodes of a claim taken before; throws IllegalStateException when they are not held. */
    void give(NodeClaim claim);
}

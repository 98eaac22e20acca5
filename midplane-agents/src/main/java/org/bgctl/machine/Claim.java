package org.bgctl.machine;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * What one agent must hold for an allocation. Allocation is two-phase: the {@link NodeClaim}s
 * on allocation units (node sets, midplanes) are reserved first, then the {@link PortClaim}s on
 * switches (the cables and pass-throughs that join the units).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "type")
@JsonSubTypes({
        @JsonSubTypes.Type(value = NodeClaim.class, name = "nodes"),
        @JsonSubTypes.Type(value = PortClaim.class, name = "ports")})
public sealed interface Claim permits NodeClaim, PortClaim {

    /** The entity id of the agent that holds it. */
    String unit();

    /** 1 for compute (units), 2 for links (switches). */
    int phase();

    /**
     * Whether this claim and {@code other} take something in common: the same unit's nodes, or a
     * port of the same switch.
     */
    boolean overlaps(Claim other);
}

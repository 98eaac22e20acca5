package org.bgctl.machine;

/**
 * The part of an allocation that one allocation unit (node set, midplane, supernode) holds.
 *
 * @param unit  the unit's entity id, e.g. {@code ns-0}
 * @param nodes nodes taken from that unit
 */
public record UnitClaim(String unit, int nodes) {
}

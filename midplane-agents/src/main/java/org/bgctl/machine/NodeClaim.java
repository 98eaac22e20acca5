package org.bgctl.machine;

/**
 * Nodes of one allocation unit (node set, midplane, supernode): phase one.
 *
 * @param unit  the unit's entity id, e.g. {@code ns-0}
 * @param nodes nodes taken from that unit
 */
public record NodeClaim(String unit, int nodes) implements Claim {

    @Override
    public int phase() {
        return 1;
    }

    @Override
    public boolean overlaps(Claim other) {
        return other instanceof NodeClaim n && n.unit.equals(unit);
    }
}

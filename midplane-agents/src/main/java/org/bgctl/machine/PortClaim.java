package org.bgctl.machine;

/**
 * Ports of one switch — the ends of the cables a partition uses through it, or its own
 * midplane's ports — as a bit mask (bit p = port p): phase two.
 *
 * @param unit  the switch's entity id, e.g. {@code sw-x-R010}
 * @param ports bit mask of the ports held
 */
public record PortClaim(String unit, int ports) implements Claim {

    @Override
    public int phase() {
        return 2;
    }

    @Override
    public boolean overlaps(Claim other) {
        return other instanceof PortClaim p && p.unit.equals(unit) && (p.ports & ports) != 0;
    }
}

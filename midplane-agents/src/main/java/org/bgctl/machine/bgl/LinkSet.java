package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.List;

/**
 * The resources that join a set of midplanes of one line as a mesh or a torus: the cables it uses and
 * the switches it passes through (switches whose ports it uses but whose midplane is not in the set).
 * All three are bit masks over one line: bit i of {@code midplanes} and {@code passThrough} is the
 * midplane (or switch) at position i; bit i of {@code cables} is the i-th cable of the
 * {@link LineWiring}.
 *
 * <p>A single midplane needs no cable: its mesh uses nothing and its torus only the internal
 * connection of its own switch, so both are {@code LinkSet(1 << i, 0, 0)}.
 *
 * @param midplanes   the midplanes joined
 * @param cables      the cables used
 * @param passThrough the switches passed through
 */
public record LinkSet(int midplanes, long cables, int passThrough) {

    public LinkSet {
        if (midplanes == 0) throw new IllegalArgumentException("a link set joins at least one midplane");
        if ((midplanes & passThrough) != 0)
            throw new IllegalArgumentException("a link set cannot pass through the switch of one of its own midplanes");
    }

    /** The link set of a single midplane at {@code position}: no cable, no pass-through. */
    public static LinkSet single(int position) {
        return new LinkSet(1 << position, 0, 0);
    }

    /** The number of cables used: the link set's cost in one line. */
    public int cableCount() {
        return Long.bitCount(cables);
    }

    /** The number of switches passed through. */
    public int passThroughCount() {
        return Integer.bitCount(passThrough);
    }

    /** The cables used, looked up in the line's wiring, in wiring order. */
    public List<Cable> cablesIn(LineWiring wiring) {
        List<Cable> used = new ArrayList<>(cableCount());
        for (long rest = cables; rest != 0; rest &= rest - 1)
            used.add(wiring.cables().get(Long.numberOfTrailingZeros(rest)));
        return used;
    }

    /** Compared number by number: the generated {@code equals} of a record calls method handles, slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof LinkSet l && midplanes == l.midplanes && cables == l.cables && passThrough == l.passThrough;
    }
}

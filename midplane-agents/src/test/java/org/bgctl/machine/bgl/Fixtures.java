package org.bgctl.machine.bgl;

import java.util.List;
import org.bgctl.machine.Dimension;

/** Machines and helpers shared by the tests. */
final class Fixtures {
    static final BglMachine BGL = BglMachine.load("bgl");
    static final BglMachine TORUS_BGL = BglMachine.load("torus-bgl");

    private Fixtures() {
    }

    /** The line mask with the given positions set. */
    static int mask(int... positions) {
        int mask = 0;
        for (int p : positions) mask |= 1 << p;
        return mask;
    }

    /** The link sets of {@code machine}'s {@code dimension}-lines joining {@code positions}, best first. */
    static List<LinkSet> linkSets(BglMachine machine, Dimension dimension, Topology topology, int... positions) {
        return machine.table(dimension).linkSets(topology, mask(positions));
    }

    /** The best link set of {@code machine}'s {@code dimension}-lines joining {@code positions}. */
    static LinkSet best(BglMachine machine, Dimension dimension, Topology topology, int... positions) {
        return linkSets(machine, dimension, topology, positions).get(0);
    }
}

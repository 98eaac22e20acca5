package org.bgctl.machine.bgl;

import java.util.List;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/** Machines and helpers shared by the tests. */
final class Fixtures {
    static final BglMachine BGL = BglMachine.load("bgl");
    static final BglMachine TORUS_BGL = BglMachine.load("torus-bgl");
    /** {@link #BGL} with one partition per switch. */
    static final BglMachine BGL_WHOLE = BGL.withSwitchModel(SwitchModel.WHOLE);

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

    /**
     * The box of {@code shape} at (x, y, z) joined in each dimension by the first link set of the table,
     * whatever the state.
     */
    static Partition box(BglMachine machine, Topology topology, Shape shape, int x, int y, int z) {
        Coordinate base = new Coordinate(x, y, z);
        LinkSet[] linkSets = new LinkSet[3];
        for (Dimension d : Dimension.values()) {
            int span = Grid.arc(base.get(d), shape.extent(d), machine.shape().extent(d));
            linkSets[d.ordinal()] = machine.table(d).linkSets(topology, span).get(0);
        }
        return new Partition(base, shape, topology, linkSets[0], linkSets[1], linkSets[2]);
    }

    /** The best link set of {@code machine}'s {@code dimension}-lines joining {@code positions}. */
    static LinkSet best(BglMachine machine, Dimension dimension, Topology topology, int... positions) {
        return linkSets(machine, dimension, topology, positions).get(0);
    }
}

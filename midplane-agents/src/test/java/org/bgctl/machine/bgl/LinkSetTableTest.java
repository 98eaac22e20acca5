package org.bgctl.machine.bgl;

import static org.bgctl.machine.Dimension.X;
import static org.bgctl.machine.Dimension.Y;
import static org.bgctl.machine.Topology.MESH;
import static org.bgctl.machine.Topology.TORUS;
import static org.bgctl.machine.bgl.Fixtures.BGL;
import static org.bgctl.machine.bgl.Fixtures.TORUS_BGL;
import static org.bgctl.machine.bgl.Fixtures.best;
import static org.bgctl.machine.bgl.Fixtures.linkSets;
import static org.bgctl.machine.bgl.Fixtures.mask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Topology;
import org.junit.jupiter.api.Test;

class LinkSetTableTest {

    @Test
    void anXTorusOfZeroAndOneUsesTwoCablesAndNoOtherSwitch() {
        LinkSet torus = best(BGL, X, TORUS, 0, 1);
        assertEquals(List.of(new Cable(0, 2, 1, 5), new Cable(1, 4, 0, 3)), torus.cablesIn(BGL.wiring().x()));
        assertEquals(0, torus.passThrough());
    }

    @Test
    void anXTorusOfTwoThreeSixSevenUsesFourCables() {
        LinkSet torus = best(BGL, X, TORUS, 2, 3, 6, 7);
        assertEquals(4, torus.cableCount());
        assertEquals(0, torus.passThrough());
    }

    @Test
    void anXTorusOfTwoAndThreePassesThroughTheSwitchesOfSixAndSeven() {
        LinkSet torus = best(BGL, X, TORUS, 2, 3);
        assertEquals(mask(6, 7), torus.passThrough());
        assertEquals(best(BGL, X, TORUS, 2, 3, 6, 7).cables(), torus.cables());
    }

    @Test
    void toriOfZeroOneAndFourFiveAndTwoThreeSixSevenShareNoCable() {
        long a = best(BGL, X, TORUS, 0, 1).cables();
        long b = best(BGL, X, TORUS, 4, 5).cables();
        long c = best(BGL, X, TORUS, 2, 3, 6, 7).cables();
        assertEquals(0, a & b);
        assertEquals(0, a & c);
        assertEquals(0, b & c);
    }

    @Test
    void everyYTorusOfTwoOrMoreMidplanesUsesEveryCableOfTheLine() {
        long allCables = (1L << BGL.wiring().y().cables().size()) - 1;
        for (int m = 1; m < 16; m++) {
            if (Integer.bitCount(m) < 2) continue;
            for (LinkSet torus : BGL.table(Y).linkSets(TORUS, m)) assertEquals(allCables, torus.cables());
        }
    }

    @Test
    void aYMeshOfOneAndTwoPassesThroughTheSwitchOfThreeOrZero() {
        List<LinkSet> meshes = linkSets(BGL, Y, MESH, 1, 2);
        assertEquals(List.of(mask(3), mask(0)), meshes.stream().map(LinkSet::passThrough).toList());
        meshes.forEach(mesh -> assertEquals(2, mesh.cableCount()));
    }

    @Test
    void oneMidplaneNeedsNoCable() {
        for (BglMachine machine : List.of(BGL, TORUS_BGL))
            for (Dimension d : Dimension.values())
                for (int i = 0; i < machine.shape().extent(d); i++)
                    for (Topology t : Topology.values())
                        assertEquals(List.of(LinkSet.single(i)), linkSets(machine, d, t, i));
    }

    @Test
    void onAPlainRingATorusUsesEveryCableOfTheLine() {
        assertEquals(List.of(new LinkSet(mask(2, 3), 0xFF, mask(0, 1, 4, 5, 6, 7))), linkSets(TORUS_BGL, X, TORUS, 2, 3));
        for (int m = 1; m < 256; m++)
            if (Integer.bitCount(m) >= 2)
                for (LinkSet torus : TORUS_BGL.table(X).linkSets(TORUS, m)) assertEquals(0xFF, torus.cables());
    }

    @Test
    void onAPlainRingTheBestMeshOfAnArcUsesOnlyTheArcsCables() {
        for (int base = 0; base < 8; base++)
            for (int extent = 1; extent < 8; extent++) {
                LinkSet mesh = TORUS_BGL.table(X).linkSets(MESH, Grid.arc(base, extent, 8)).get(0);
                assertEquals(extent - 1, mesh.cableCount(), "arc of " + extent + " from " + base);
                assertEquals(0, mesh.passThrough());
            }
    }

    @Test
    void everySetOfAnXLineHasAMeshAndATorus() {
        for (BglMachine machine : List.of(BGL, TORUS_BGL))
            for (int m = 1; m < 256; m++) {
                assertFalse(machine.table(X).linkSets(MESH, m).isEmpty());
                assertFalse(machine.table(X).linkSets(TORUS, m).isEmpty());
            }
    }

    @Test
    void linkSetsAreListedFewestCablesFirst() {
        for (Topology t : Topology.values())
            for (int m = 1; m < 256; m++) {
                List<LinkSet> sets = BGL.table(X).linkSets(t, m);
                for (int i = 1; i < sets.size(); i++)
                    assertTrue(LinkSetTable.BEST_FIRST.compare(sets.get(i - 1), sets.get(i)) < 0);
            }
    }

    @Test
    void aLinkSetUsesNoSwitchTwiceAndEntersEveryMidplaneOfItsSet() {
        for (Topology t : Topology.values())
            for (int m = 1; m < 256; m++)
                for (LinkSet s : BGL.table(X).linkSets(t, m)) {
                    int entered = 0, left = 0;
                    for (Cable c : s.cablesIn(BGL.wiring().x())) {
                        assertEquals(0, entered & 1 << c.to(), "entered twice: " + s);
                        assertEquals(0, left & 1 << c.from(), "left twice: " + s);
                        entered |= 1 << c.to();
                        left |= 1 << c.from();
                    }
                    if (s.cableCount() > 0) assertEquals(m | s.passThrough(), entered | left, s.toString());
                }
    }

    @Test
    void tableSizesOfTheBglLines() {
        assertEquals(1326, BGL.table(X).size(MESH));
        assertEquals(406, BGL.table(X).size(TORUS));
        assertEquals(32, BGL.table(Y).size(MESH));
        assertEquals(15, BGL.table(Y).size(TORUS));
    }
}

package org.bgctl.machine.bgl;

import static org.bgctl.machine.Dimension.X;
import static org.bgctl.machine.Dimension.Y;
import static org.bgctl.machine.Topology.MESH;
import static org.bgctl.machine.Topology.TORUS;
import static org.bgctl.machine.bgl.Fixtures.BGL;
import static org.bgctl.machine.bgl.Fixtures.BGL_WHOLE;
import static org.bgctl.machine.bgl.Fixtures.box;
import static org.bgctl.machine.bgl.Fixtures.linkSets;
import static org.bgctl.machine.bgl.Fixtures.mask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.junit.jupiter.api.Test;

class BglStateTest {
    private static final Shape ONE = new Shape(1, 1, 1);
    private static final Shape TWO_ALONG_X = new Shape(2, 1, 1);
    private static final Shape TWO_ALONG_Y = new Shape(1, 2, 1);

    private final BglState state = BGL.newState();

    @Test
    void releaseRestoresTheStateBeforeAllocation() {
        state.allocate(box(BGL, TORUS, new Shape(2, 2, 2), 4, 3, 0));
        BglState before = state.copy();
        Partition p = box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0);

        state.allocate(p);
        assertNotEquals(before, state);
        state.release(p);
        assertEquals(before, state);
    }

    @Test
    void aMidplaneIsNeverBookedTwice() {
        state.allocate(box(BGL, MESH, TWO_ALONG_X, 0, 0, 0));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> state.allocate(box(BGL, MESH, ONE, 1, 0, 0)));
        assertTrue(e.getMessage().endsWith("midplane (1,0,0) is in use"), e.getMessage());
    }

    @Test
    void onlyAnAllocatedPartitionCanBeReleased() {
        assertThrows(IllegalStateException.class, () -> state.release(box(BGL, MESH, ONE, 0, 0, 0)));
    }

    @Test
    void xToriOfZeroOneFourFiveAndTwoThreeCoexistInOneXLine() {
        state.allocate(box(BGL, TORUS, TWO_ALONG_X, 0, 0, 0));
        state.allocate(box(BGL, TORUS, TWO_ALONG_X, 4, 0, 0));
        state.allocate(box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0));
        assertEquals(3, state.allocated().size());
    }

    @Test
    void aYTorusOfTwoMidplanesLeavesNoRoomForAnotherPartitionOfTwoInItsLine() {
        state.allocate(box(BGL, TORUS, TWO_ALONG_Y, 0, 0, 0));
        for (LinkSet mesh : linkSets(BGL, Y, MESH, 2, 3))
            assertFalse(state.fits(new Partition(new Coordinate(0, 2, 0), TWO_ALONG_Y, MESH,
                    LinkSet.single(0), mesh, LinkSet.single(0))));
        assertTrue(state.fits(box(BGL, MESH, TWO_ALONG_Y, 1, 2, 0)), "another y-line is untouched");
    }

    @Test
    void aPassedThroughWholeSwitchBlocksItsMidplane() {
        BglState state = BGL_WHOLE.newState();
        state.allocate(box(BGL_WHOLE, TORUS, TWO_ALONG_X, 2, 0, 0));
        assertEquals(Optional.of("the x switch of (6,0,0) is passed through"),
                state.conflict(box(BGL_WHOLE, MESH, ONE, 6, 0, 0)));
        assertTrue(state.fits(box(BGL_WHOLE, MESH, ONE, 6, 1, 0)));
    }

    @Test
    void aHeldMidplaneBlocksPassingThroughItsWholeSwitch() {
        BglState state = BGL_WHOLE.newState();
        state.allocate(box(BGL_WHOLE, MESH, ONE, 7, 0, 0));
        assertEquals(Optional.of("the x switch of (7,0,0) cannot be passed through"),
                state.conflict(box(BGL_WHOLE, TORUS, TWO_ALONG_X, 2, 0, 0)));
    }

    @Test
    void aOneMidplaneTorusOnSixCoexistsWithAnXTorusPassingThroughSwitchSixOnOtherPorts() {
        Partition passing = box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0);
        assertEquals(mask(6, 7), passing.linkSet(X).passThrough());
        Partition six = box(BGL, TORUS, ONE, 6, 0, 0);
        state.allocate(six);
        assertEquals(Optional.empty(), state.conflict(passing));
        state.allocate(passing);
        state.release(six);
        assertEquals(Optional.empty(), state.conflict(six), "and the other way round");
        state.allocate(six);
        assertEquals(2, state.allocated().size());
    }

    @Test
    void releasingOneOfTwoPartitionsPassingThroughOneSwitchLeavesTheOthersState() {
        List<Partition> passing = new ArrayList<>();
        for (int base = 0; base < 8; base++)
            for (int length = 1; length <= 4 && base + length <= 8; length++)
                for (Topology topology : Topology.values())
                    for (LinkSet x : BGL.table(X).linkSets(topology, Grid.arc(base, length, 8)))
                        if (x.passThrough() != 0)
                            passing.add(new Partition(new Coordinate(base, 0, 0), new Shape(length, 1, 1), topology, x,
                                    LinkSet.single(0), LinkSet.single(0)));
        for (Partition first : passing)
            for (Partition second : passing) {
                if ((first.linkSet(X).passThrough() & second.linkSet(X).passThrough()) == 0) continue;
                BglState both = BGL.newState();
                both.allocate(first);
                if (!both.fits(second)) continue;
                both.allocate(second);
                both.release(first);
                BglState onlySecond = BGL.newState();
                onlySecond.allocate(second);
                assertEquals(onlySecond, both, "releasing " + first + " beside " + second);
                return;
            }
        throw new AssertionError("no two partitions of an x-line pass through one switch at once");
    }

    @Test
    void twoPassThroughsNeedingTheSamePortConflict() {
        Partition torus = box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0);
        state.allocate(torus);
        // Cable 6 (6.p2 -> 7.p5) takes the torus through switch 6 on its way out: port 2.
        assertTrue((torus.linkSet(X).cables() >> 6 & 1) != 0);
        int conflicting = 0;
        for (int base = 4; base < 8; base++)
            for (int length = 1; length <= 8 - base && length <= 4; length++) {
                if (base + length > 8) continue;
                int arc = Grid.arc(base, length, 8);
                for (Topology topology : Topology.values())
                    for (LinkSet x : BGL.table(X).linkSets(topology, arc)) {
                        if ((x.passThrough() >> 6 & 1) == 0 || (x.cables() >> 6 & 1) == 0) continue;
                        Partition other = new Partition(new Coordinate(base, 0, 0), new Shape(length, 1, 1), topology,
                                x, LinkSet.single(0), LinkSet.single(0));
                        String why = state.conflict(other).orElseThrow();
                        assertTrue(why.matches("cable \\d+ of the x-line through .* is in use"), other + ": " + why);
                        conflicting++;
                    }
            }
        assertTrue(conflicting > 0, "some partition passes through switch 6 on port 2");
    }

    @Test
    void denyPassThroughStillKeepsPartitionsFromPassingThrough() {
        PartitionSearch search = new PartitionSearch(BGL);
        state.allocate(box(BGL, TORUS, ONE, 6, 0, 0));
        List<Partition> denied = search.candidates(state, new PartitionRequest(2, TWO_ALONG_X, false, TORUS, Set.of(X)));
        assertFalse(denied.isEmpty());
        for (Partition p : denied) assertEquals(0, p.linkSet(X).passThrough(), p.toString());
        assertTrue(search.candidates(state, new PartitionRequest(2, TWO_ALONG_X, false, TORUS, Set.of())).stream()
                .anyMatch(p -> p.base().equals(new Coordinate(2, 0, 0)) && p.linkSet(X).passThrough() != 0));
    }

    @Test
    void aDownMidplaneCannotBeAllocatedUntilRepaired() {
        Component midplane = new Component.MidplaneAt(new Coordinate(3, 1, 2));
        state.markDown(midplane);
        assertEquals(Optional.of("midplane (3,1,2) is down"), state.conflict(box(BGL, MESH, ONE, 3, 1, 2)));
        state.markUp(midplane);
        assertTrue(state.fits(box(BGL, MESH, ONE, 3, 1, 2)));
    }

    @Test
    void aDownCableBlocksTheLinkSetsThatUseIt() {
        state.markDown(new Component.CableAt(Line.through(X, new Coordinate(5, 1, 0)), 0));
        assertEquals(Optional.of("cable 0 of the x-line through (0,1,0) is down"),
                state.conflict(box(BGL, TORUS, TWO_ALONG_X, 0, 1, 0)));
        assertTrue(state.fits(box(BGL, TORUS, TWO_ALONG_X, 0, 0, 0)));
    }

    @Test
    void aDownSwitchBlocksItsMidplaneAndPassingThroughIt() {
        state.markDown(new Component.SwitchAt(Y, new Coordinate(3, 2, 1)));
        assertEquals(Optional.of("the y switch of (3,2,1) is down"), state.conflict(box(BGL, MESH, ONE, 3, 2, 1)));
        state.markDown(new Component.SwitchAt(X, new Coordinate(6, 0, 0)));
        assertEquals(Optional.of("the x switch of (6,0,0) cannot be passed through"),
                state.conflict(box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0)));
    }

    @Test
    void theSwitchOfADownMidplaneCanBePassedThrough() {
        state.markDown(new Component.MidplaneAt(new Coordinate(6, 0, 0)));
        state.markDown(new Component.MidplaneAt(new Coordinate(7, 0, 0)));
        assertTrue(state.fits(box(BGL, TORUS, TWO_ALONG_X, 2, 0, 0)));
    }

    @Test
    void aFailureUnderARunningPartitionOutlivesItsRelease() {
        Partition p = box(BGL, MESH, TWO_ALONG_X, 0, 0, 0);
        state.allocate(p);
        Component midplane = new Component.MidplaneAt(new Coordinate(1, 0, 0));
        state.markDown(midplane);
        assertEquals(List.of(p), state.allocated());

        state.release(p);
        BglState expected = BGL.newState();
        expected.markDown(midplane);
        assertEquals(expected, state);
        assertTrue(state.isDown(midplane));
    }

    @Test
    void aCopyIsIndependent() {
        BglState copy = state.copy();
        copy.allocate(box(BGL, MESH, ONE, 0, 0, 0));
        copy.markDown(new Component.MidplaneAt(new Coordinate(1, 0, 0)));
        assertEquals(BGL.newState(), state);
        assertEquals(1, copy.usedMidplanes());
    }

    @Test
    void onePartitionsUseNoCable() {
        for (int z = 0; z < 4; z++)
            for (int y = 0; y < 4; y++)
                for (int x = 0; x < 8; x++) state.allocate(box(BGL, TORUS, ONE, x, y, z));
        assertEquals(128, state.usedMidplanes());
        for (Dimension d : Dimension.values())
            for (int line = 0; line < 128 / BGL.shape().extent(d); line++) assertEquals(0, state.cableBusy(d.ordinal(), line));
    }

    @Test
    void aPartitionMustUseLinkSetsOfTheWiring() {
        LinkSet madeUp = new LinkSet(mask(0, 1), 0b1, 0);
        Partition p = new Partition(new Coordinate(0, 0, 0), TWO_ALONG_X, TORUS, madeUp, LinkSet.single(0), LinkSet.single(0));
        assertThrows(IllegalArgumentException.class, () -> state.fits(p));
    }

    @Test
    void aPartitionsLinkSetsMustJoinItsBox() {
        Partition p = new Partition(new Coordinate(1, 0, 0), TWO_ALONG_X, TORUS,
                Fixtures.best(BGL, X, TORUS, 0, 1), LinkSet.single(0), LinkSet.single(0));
        assertThrows(IllegalArgumentException.class, () -> state.fits(p));
    }

}

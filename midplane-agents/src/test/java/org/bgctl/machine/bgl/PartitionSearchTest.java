package org.bgctl.machine.bgl;

import static org.bgctl.machine.Dimension.X;
import static org.bgctl.machine.Dimension.Y;
import static org.bgctl.machine.Topology.MESH;
import static org.bgctl.machine.Topology.TORUS;
import static org.bgctl.machine.bgl.Fixtures.BGL;
import static org.bgctl.machine.bgl.Fixtures.TORUS_BGL;
import static org.bgctl.machine.bgl.Fixtures.box;
import static org.bgctl.machine.bgl.Fixtures.mask;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Shape;
import org.junit.jupiter.api.Test;

class PartitionSearchTest {
    private static final Shape TWO_ALONG_X = new Shape(2, 1, 1);
    private static final Shape TWO_ALONG_Y = new Shape(1, 2, 1);

    private final PartitionSearch search = new PartitionSearch(BGL);
    private final BglState state = BGL.newState();

    @Test
    void theCandidateWithFewestCablesWins() {
        PartitionRequest request = PartitionRequest.ofSize(2, TORUS);
        Partition best = search.best(state, request).orElseThrow();
        List<Partition> all = search.candidates(state, request);

        assertEquals(new Coordinate(0, 0, 0), best.base());
        assertEquals(TWO_ALONG_X, best.shape());
        assertEquals(2, best.cableCount());
        assertEquals(all.stream().min(Comparator.comparingInt(Partition::cableCount)).orElseThrow(), best);
    }

    @Test
    void tiesGoToTheLowestBaseXThenYThenZ() {
        state.allocate(box(BGL, MESH, new Shape(1, 1, 1), 0, 0, 0));
        assertEquals(new Coordinate(0, 0, 1), search.best(state, PartitionRequest.ofSize(1, MESH)).orElseThrow().base());
    }

    @Test
    void tiesGoToTheFirstShape() {
        Partition best = search.best(state, PartitionRequest.ofSize(2, MESH)).orElseThrow();
        assertEquals(TWO_ALONG_X, best.shape());
        assertEquals(1, best.cableCount());
        assertTrue(search.candidates(state, PartitionRequest.ofSize(2, MESH)).stream()
                .anyMatch(p -> p.shape().equals(TWO_ALONG_Y) && p.cableCount() == 1));
    }

    @Test
    void aRotationWithFewerCablesBeatsTheRequestedShape() {
        PartitionRequest alongZ = PartitionRequest.ofShape(new Shape(1, 1, 2), TORUS);
        assertEquals(TWO_ALONG_X, search.best(state, alongZ).orElseThrow().shape());
        Partition pinned = search.best(state, alongZ.pinned()).orElseThrow();
        assertEquals(new Shape(1, 1, 2), pinned.shape());
        assertEquals(4, pinned.cableCount());
    }

    @Test
    void everyFreeMidplaneIsACandidateForOneMidplane() {
        List<Partition> all = search.candidates(state, PartitionRequest.ofSize(1, TORUS));
        assertEquals(128, all.size());
        assertTrue(all.stream().allMatch(p -> p.cableCount() == 0));
    }

    @Test
    void denyingPassThroughInXLeavesOnlySmallRingsForXTori() {
        markDownAlongX(0, 1, 4, 5);
        PartitionRequest twoAlongX = PartitionRequest.ofShape(TWO_ALONG_X, TORUS).pinned();
        Partition passing = search.best(state, twoAlongX).orElseThrow();
        assertEquals(new Coordinate(2, 0, 0), passing.base());
        assertEquals(mask(6, 7), passing.x().passThrough());

        assertEquals(Optional.empty(), search.best(state, twoAlongX.denyingPassThrough(X)));
        assertTrue(search.best(state, PartitionRequest.ofShape(TWO_ALONG_X, MESH).pinned().denyingPassThrough(X)).isPresent());
    }

    @Test
    void denyingPassThroughInYForbidsAMeshOfOneAndTwo() {
        for (int x = 0; x < 8; x++)
            for (int z = 0; z < 4; z++)
                for (int y : new int[] {0, 3}) state.markDown(new Component.MidplaneAt(new Coordinate(x, y, z)));
        PartitionRequest twoAlongY = PartitionRequest.ofShape(TWO_ALONG_Y, MESH).pinned();
        assertEquals(mask(3), search.best(state, twoAlongY).orElseThrow().y().passThrough());
        assertEquals(Optional.empty(), search.best(state, twoAlongY.denyingPassThrough(Y)));
    }

    @Test
    void onAPlainRingTwoMeshesShareAnXLineButTwoToriDoNot() {
        BglState meshes = TORUS_BGL.newState();
        meshes.allocate(box(TORUS_BGL, MESH, TWO_ALONG_X, 0, 0, 0));
        assertTrue(meshes.fits(box(TORUS_BGL, MESH, TWO_ALONG_X, 2, 0, 0)));

        BglState tori = TORUS_BGL.newState();
        Partition first = new PartitionSearch(TORUS_BGL)
                .best(tori, PartitionRequest.ofShape(TWO_ALONG_X, TORUS).pinned()).orElseThrow();
        assertEquals(8, first.cableCount());
        tori.allocate(first);
        assertFalse(tori.fits(box(TORUS_BGL, TORUS, TWO_ALONG_X, 2, 0, 0)));
        assertTrue(tori.fits(box(TORUS_BGL, TORUS, TWO_ALONG_X, 2, 1, 0)));
    }

    @Test
    void aJobLargerThanTheFreeMidplanesGetsNothing() {
        state.allocate(box(BGL, MESH, new Shape(8, 4, 2), 0, 0, 0));
        assertEquals(Optional.empty(), search.best(state, PartitionRequest.ofSize(65, MESH)));
        assertTrue(search.best(state, PartitionRequest.ofSize(64, MESH)).isPresent());
    }

    private void markDownAlongX(int... xs) {
        for (int y = 0; y < 4; y++)
            for (int z = 0; z < 4; z++)
                for (int x : xs) state.markDown(new Component.MidplaneAt(new Coordinate(x, y, z)));
    }
}

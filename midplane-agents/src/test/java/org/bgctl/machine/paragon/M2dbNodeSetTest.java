package org.bgctl.machine.paragon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.bgctl.machine.Block;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.Test;

/** The M2DB allocation steps of Wan et al., section 2.4.1, on an 8 x 8 node set. */
class M2dbNodeSetTest {

    private static Block b(int x, int y, int w, int h) {
        return new Block(x, y, w, h);
    }

    private static M2dbNodeSet set() {
        return new M2dbNodeSet(b(0, 0, 8, 8));
    }

    private static List<Block> take(M2dbNodeSet set, int nodes) {
        List<Block> blocks = set.place(nodes);
        set.take(new NodeClaim("ns", nodes, blocks, false));
        return blocks;
    }

    @Test
    void theAnchorIsBrokenDownToABuddyOfExactlyThePowerOfTwoAsked() {
        M2dbNodeSet set = set();
        assertEquals(List.of(b(0, 0, 4, 4)), take(set, 16));
        assertEquals(List.of(b(4, 0, 2, 2)), take(set, 4));
        assertEquals(List.of(b(6, 0, 2, 2), b(6, 2, 2, 2), b(4, 2, 2, 2), b(4, 4, 4, 4), b(0, 4, 4, 4)),
                set.freeBlocks());
    }

    @Test
    void theSmallestFreeBlockThatHoldsTheRequestIsTheAnchor() {
        M2dbNodeSet set = set();
        take(set, 16);
        take(set, 4);
        // free: three 2x2 blocks, two 4x4 blocks: a 4-node request takes a 2x2, not a piece of a 4x4
        assertEquals(List.of(b(6, 0, 2, 2)), take(set, 4));
    }

    @Test
    void whenNoBuddyOfTheAnchorHoldsTheRestTheLargestBuddyAnchorsAndTheClosestBlocksFollow() {
        M2dbNodeSet set = set();
        // 5 nodes: 8x8 -> 4x4 (16 >= 5) -> 2x2 buddies (4 < 5): anchor 2x2 at (0,0), then the closest
        // block to it, the 2x2 at (2,0), broken down to its node nearest the anchor's corners
        assertEquals(List.of(b(0, 0, 2, 2), b(2, 0, 1, 1)), take(set, 5));
    }

    @Test
    void whenEveryFreeBlockIsSmallerTheLargestAnchorsANonContiguousAllocation() {
        M2dbNodeSet set = set();
        // an 8x8 square breaks into 4x4 squares only: 32 nodes are two 4x4 blocks
        List<Block> first = take(set, 32);
        assertEquals(List.of(b(0, 0, 4, 4), b(4, 0, 4, 4)), first);
        assertEquals(List.of(b(0, 4, 4, 4)), take(set, 16));
        set.give(new NodeClaim("ns", 32, first, false));
        // free: three 4x4 blocks. 40 nodes: anchor (0,0); the closest, (4,0); then (4,4), too large
        // for the 8 left, is broken into 2x2 blocks, of which the two closest to the anchor follow
        assertEquals(List.of(b(0, 0, 4, 4), b(4, 0, 4, 4), b(4, 4, 2, 2), b(6, 4, 2, 2)), take(set, 40));
        assertEquals(List.of(b(6, 6, 2, 2), b(4, 6, 2, 2)), set.freeBlocks());
    }

    @Test
    void closenessIsTheSumOfSquaredDistancesBetweenCorrespondingCorners() {
        assertEquals(0, M2dbNodeSet.cornerDistance(b(0, 0, 2, 2), b(0, 0, 2, 2)));
        // shifted right by 2: each of the four corners is 2 away, 4 each squared
        assertEquals(16, M2dbNodeSet.cornerDistance(b(0, 0, 2, 2), b(2, 0, 2, 2)));
        // a 1x1 at (2,0) against a 2x2 at (0,0): corners (2,0)-(0,0), (2,0)-(1,0), (2,0)-(0,1), (2,0)-(1,1)
        assertEquals(4 + 1 + 5 + 2, M2dbNodeSet.cornerDistance(b(0, 0, 2, 2), b(2, 0, 1, 1)));
    }

    @Test
    void releasingMergesBuddiesBackIntoTheirParent() {
        M2dbNodeSet set = set();
        List<Block> a = take(set, 1);
        List<Block> b = take(set, 1);
        set.give(new NodeClaim("ns", 1, a, false));
        set.give(new NodeClaim("ns", 1, b, false));
        assertEquals(List.of(b(0, 0, 8, 8)), set.freeBlocks());
        assertEquals(64, set.freeNodes());
    }

    @Test
    void aRequestLargerThanTheFreeNodesIsNotPlaced() {
        M2dbNodeSet set = set();
        take(set, 60);
        assertNull(set.place(5));
        assertEquals(4, set.place(4).stream().mapToInt(Block::nodes).sum());
    }

    @Test
    void claimsMustBeFreeBuddiesOfTheNodeSet() {
        M2dbNodeSet set = set();
        assertEquals("block 3x3+0+0 is not a buddy of 8x8+0+0",
                set.conflict(new NodeClaim("ns", 9, List.of(b(0, 0, 3, 3)), false)).orElseThrow());
        take(set, 16);
        assertEquals("block 2x2+0+0 is held",
                set.conflict(new NodeClaim("ns", 4, List.of(b(0, 0, 2, 2)), false)).orElseThrow());
    }
}

package org.bgctl.machine.buddy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class BuddyTreeTest {

    @Test
    void aPowerOfTwoSplitsIntoHalvesDownToSingleNodes() {
        BuddyTree t = new BuddyTree(8);
        assertEquals(15, t.count());
        assertEquals(4, t.size(t.left(0)));
        assertEquals(4, t.first(t.right(0)));
        assertEquals(-1, t.left(t.leaf(5)));
        assertEquals(5, t.first(t.leaf(5)));
    }

    @Test
    void anyOtherSizeSplitsIntoTheLargestPowerOfTwoBelowItAndTheRest() {
        BuddyTree t = new BuddyTree(338);
        assertEquals(256, t.size(t.left(0)));
        int rest = t.right(0);
        assertEquals(82, t.size(rest));
        assertEquals(64, t.size(t.left(rest)));
        assertEquals(18, t.size(t.right(rest)));
        assertEquals(2 * 338 - 1, t.count());
    }

    @Test
    void findNamesExactlyTheBuddiesOfTheTree() {
        BuddyTree t = new BuddyTree(16);
        assertEquals(16, t.size(t.find(0, 16)));
        assertEquals(8, t.first(t.find(8, 4)));
        assertEquals(-1, t.find(2, 4));
        assertEquals(-1, t.find(6, 4));
        assertEquals(t.leaf(13), t.find(13, 1));
    }

    @Test
    void theSmallestBuddiesHoldingARequestAreThoseOfItsPowerOfTwoOnAPowerOfTwoLine() {
        BuddyTree t = new BuddyTree(16);
        int[] firsts = firsts(t, t.smallestHolding(3));
        assertArrayEquals(new int[] {0, 4, 8, 12}, firsts);
        assertArrayEquals(new int[] {0}, firsts(t, t.smallestHolding(9)));
        assertEquals(16, t.smallestHolding(1).length);
    }

    @Test
    void onOtherLinesEveryBuddyWhoseChildrenAreTooSmallHoldsTheRequest() {
        BuddyTree t = new BuddyTree(338);
        int[] found = t.smallestHolding(70);
        // the two 128-node buddies of the 256, and the 82-node buddy (children 64 and 18)
        assertArrayEquals(new int[] {0, 128, 256}, firsts(t, found));
        assertArrayEquals(new int[] {128, 128, 82}, sizes(t, found));
        assertThrows(IllegalArgumentException.class, () -> t.smallestHolding(339));
    }

    private static int[] firsts(BuddyTree t, int[] buddies) {
        int[] f = new int[buddies.length];
        for (int i = 0; i < buddies.length; i++) f[i] = t.first(buddies[i]);
        return f;
    }

    private static int[] sizes(BuddyTree t, int[] buddies) {
        int[] s = new int[buddies.length];
        for (int i = 0; i < buddies.length; i++) s[i] = t.size(buddies[i]);
        return s;
    }
}

package org.bgctl.machine.paragon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.bgctl.machine.Block;
import org.junit.jupiter.api.Test;

/** Each of the six M2DB buddy-generation cases of Wan et al., section 2.4.2, on a block at (2, 3). */
class BuddySplitTest {

    private static Block b(int x, int y, int w, int h) {
        return new Block(x, y, w, h);
    }

    @Test
    void case1APowerOfTwoSquareSplitsIntoFourSquares() {
        Block block = b(2, 3, 4, 4);
        assertEquals(BuddySplit.SQUARE, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 2, 2), b(4, 3, 2, 2), b(4, 5, 2, 2), b(2, 5, 2, 2)), BuddySplit.buddies(block));
    }

    @Test
    void case2ATallPowerOfTwoRectangleSplitsItsHeight() {
        Block block = b(2, 3, 2, 8);
        assertEquals(BuddySplit.TALL, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 2, 4), b(2, 7, 2, 4)), BuddySplit.buddies(block));
    }

    @Test
    void case3AWidePowerOfTwoRectangleSplitsItsWidth() {
        Block block = b(2, 3, 16, 2);
        assertEquals(BuddySplit.WIDE, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 8, 2), b(10, 3, 8, 2)), BuddySplit.buddies(block));
    }

    @Test
    void case4AWidthThatIsNoPowerOfTwoSplitsIntoAPowerOfTwoAndTheRest() {
        Block block = b(2, 3, 12, 4);
        assertEquals(BuddySplit.WIDTH_REST, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 8, 4), b(10, 3, 4, 4)), BuddySplit.buddies(block));
    }

    @Test
    void case5AHeightThatIsNoPowerOfTwoSplitsIntoAPowerOfTwoAndTheRest() {
        Block block = b(2, 3, 16, 7);
        assertEquals(BuddySplit.HEIGHT_REST, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 16, 4), b(2, 7, 16, 3)), BuddySplit.buddies(block));
    }

    @Test
    void case6NeitherSideAPowerOfTwoGivesFourUnequalBuddies() {
        Block block = b(2, 3, 6, 5);
        assertEquals(BuddySplit.BOTH_REST, BuddySplit.of(block));
        assertEquals(List.of(b(2, 3, 4, 4), b(6, 3, 2, 4), b(6, 7, 2, 1), b(2, 7, 4, 1)), BuddySplit.buddies(block));
    }

    @Test
    void aSquareWhoseSideIsNoPowerOfTwoIsCase6Too() {
        assertEquals(BuddySplit.BOTH_REST, BuddySplit.of(b(0, 0, 6, 6)));
        assertEquals(List.of(b(0, 0, 4, 4), b(4, 0, 2, 4), b(4, 4, 2, 2), b(0, 4, 4, 2)),
                BuddySplit.buddies(b(0, 0, 6, 6)));
    }

    @Test
    void buddiesCoverTheirBlockExactlyAndASingleNodeHasNone() {
        for (int w = 1; w <= 17; w++) {
            for (int h = 1; h <= 17; h++) {
                if (w * h == 1) continue;
                Block block = b(1, 1, w, h);
                List<Block> buddies = BuddySplit.buddies(block);
                int nodes = 0;
                for (int i = 0; i < buddies.size(); i++) {
                    assertEquals(true, block.contains(buddies.get(i)), block + " holds " + buddies.get(i));
                    for (int j = 0; j < i; j++) assertEquals(false, buddies.get(i).overlaps(buddies.get(j)));
                    nodes += buddies.get(i).nodes();
                }
                assertEquals(block.nodes(), nodes, block.toString());
            }
        }
        assertThrows(IllegalArgumentException.class, () -> BuddySplit.of(b(0, 0, 1, 1)));
    }
}

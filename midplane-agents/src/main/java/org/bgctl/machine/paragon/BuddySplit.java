package org.bgctl.machine.paragon;

import java.util.List;
import org.bgctl.machine.Block;

/**
 * The six ways the Modified 2-D Buddy system breaks a block into buddies (Wan et al., section
 * 2.4.2). With W2 and H2 the largest powers of two not above the block's width w and height h:
 * a power-of-two square splits into four squares, a power-of-two rectangle into two halves across
 * its longer side, and a block with a side that is not a power of two into a power-of-two block of
 * W2 × H2 nodes and the rest — so that power-of-two requests find blocks of their size.
 *
 * <p>Two readings where the paper's text is loose: case 2 lists its first buddy as
 * {@code <x, y, 2, H2/2>}, read as {@code <x, y, W2, H2/2>}; and case 6 is written for
 * {@code h != w}, read as covering every block with neither side a power of two (a 6 × 6 square too).
 */
public enum BuddySplit {

    /** Case 1: w = h = W2 = H2, a power-of-two square: four squares of half the side. */
    SQUARE,
    /** Case 2: w = W2, h = H2, h > w: two buddies of half the height. */
    TALL,
    /** Case 3: w = W2, h = H2, h < w: two buddies of half the width. */
    WIDE,
    /** Case 4: h = H2, w ≠ W2: W2 × h and (w − W2) × h side by side. */
    WIDTH_REST,
    /** Case 5: h ≠ H2, w = W2: w × H2 above w × (h − H2). */
    HEIGHT_REST,
    /** Case 6: neither side a power of two: W2 × H2 and the three rests. */
    BOTH_REST;

    /** The case that applies to {@code block}; a single node cannot be split. */
    public static BuddySplit of(Block block) {
        int w = block.width();
        int h = block.height();
        if (w == 1 && h == 1) throw new IllegalArgumentException("a single node " + block + " has no buddies");
        boolean wPower = Integer.bitCount(w) == 1;
        boolean hPower = Integer.bitCount(h) == 1;
        if (wPower && hPower) return w == h ? SQUARE : h > w ? TALL : WIDE;
        if (hPower) return WIDTH_REST;
        if (wPower) return HEIGHT_REST;
        return BOTH_REST;
    }

    /** The buddies of {@code block}, in the paper's order. */
    public static List<Block> buddies(Block block) {
        int x = block.x();
        int y = block.y();
        int w = block.width();
        int h = block.height();
        int w2 = Integer.highestOneBit(w);
        int h2 = Integer.highestOneBit(h);
        return switch (of(block)) {
            case SQUARE -> List.of(new Block(x, y, w2 / 2, h2 / 2), new Block(x + w2 / 2, y, w2 / 2, h2 / 2),
                    new Block(x + w2 / 2, y + h2 / 2, w2 / 2, h2 / 2), new Block(x, y + h2 / 2, w2 / 2, h2 / 2));
            case TALL -> List.of(new Block(x, y, w2, h2 / 2), new Block(x, y + h2 / 2, w2, h2 / 2));
            case WIDE -> List.of(new Block(x, y, w2 / 2, h2), new Block(x + w2 / 2, y, w2 / 2, h2));
            case WIDTH_REST -> List.of(new Block(x, y, w2, h2), new Block(x + w2, y, w - w2, h2));
            case HEIGHT_REST -> List.of(new Block(x, y, w2, h2), new Block(x, y + h2, w2, h - h2));
            case BOTH_REST -> List.of(new Block(x, y, w2, h2), new Block(x + w2, y, w - w2, h2),
                    new Block(x + w2, y + h2, w - w2, h - h2), new Block(x, y + h2, w2, h - h2));
        };
    }
}

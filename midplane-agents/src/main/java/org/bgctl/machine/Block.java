package org.bgctl.machine;

/**
 * A rectangle of nodes of one node set, in the coordinates of the machine's grid (on a Paragon,
 * mesh columns and rows from the upper left corner): columns {@code x .. x+width-1}, rows
 * {@code y .. y+height-1}. A line of nodes (a buddy machine) is a grid one row high, so its
 * blocks are runs of node numbers.
 *
 * @param x      first column
 * @param y      first row
 * @param width  columns, positive
 * @param height rows, positive
 */
public record Block(int x, int y, int width, int height) {

    public Block {
        if (x < 0 || y < 0)
            throw new IllegalArgumentException("a block starts at a non-negative position, not " + x + "," + y);
        if (width < 1 || height < 1)
            throw new IllegalArgumentException("a block needs a positive width and height, not " + width + "x"
                    + height);
    }

    /** The run of {@code length} nodes from node {@code first} of a line. */
    public static Block run(int first, int length) {
        return new Block(first, 0, length, 1);
    }

    /** Nodes in the block. */
    public int nodes() {
        return width * height;
    }

    /** One past the last column. */
    public int xEnd() {
        return x + width;
    }

    /** One past the last row. */
    public int yEnd() {
        return y + height;
    }

    /** Whether the two blocks share a node. */
    public boolean overlaps(Block other) {
        return x < other.xEnd() && other.x < xEnd() && y < other.yEnd() && other.y < yEnd();
    }

    /** Whether every node of {@code other} is in this block. */
    public boolean contains(Block other) {
        return other.x >= x && other.xEnd() <= xEnd() && other.y >= y && other.yEnd() <= yEnd();
    }

    /** {@code first-last} for a run of a line, {@code WxH+X+Y} for a rectangle of a mesh. */
    @Override
    public String toString() {
        if (y == 0 && height == 1) return width == 1 ? Integer.toString(x) : x + "-" + (xEnd() - 1);
        return width + "x" + height + "+" + x + "+" + y;
    }
}

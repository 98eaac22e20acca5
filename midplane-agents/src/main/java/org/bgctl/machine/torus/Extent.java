package org.bgctl.machine.torus;

/**
 * The shape of a rectangular partition: how many units it spans in each dimension.
 * Each rotation of a shape is a different extent (2x1x1 and 1x2x1 are two extents).
 *
 * @param x units along the x dimension, at least 1
 * @param y units along the y dimension, at least 1
 * @param z units along the z dimension, at least 1
 */
public record Extent(int x, int y, int z) {

    /** A single unit. */
    public static final Extent UNIT = new Extent(1, 1, 1);

    public Extent {
        if (x < 1 || y < 1 || z < 1)
            throw new IllegalArgumentException("extent must be at least 1 in each dimension: " + x + "x" + y + "x" + z);
    }

    /** How many units a partition of this shape holds. */
    public int volume() {
        return x * y * z;
    }

    @Override
    public String toString() {
        return x + "x" + y + "x" + z;
    }
}

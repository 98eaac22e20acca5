package org.bgctl.machine.torus;

/**
 * The position of one allocation unit (a supernode) in the torus.
 *
 * @param x position along the x dimension, from 0
 * @param y position along the y dimension, from 0
 * @param z position along the z dimension, from 0
 */
public record Coordinate(int x, int y, int z) {

    /** The origin, (0, 0, 0). */
    public static final Coordinate ORIGIN = new Coordinate(0, 0, 0);

    public Coordinate {
        if (x < 0 || y < 0 || z < 0)
            throw new IllegalArgumentException("coordinates must not be negative: " + x + "," + y + "," + z);
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }
}

package org.bgctl.machine;

/** A position in a 3D machine, counted from 0 in each dimension. */
public record Coordinate(int x, int y, int z) {

    /** The origin, (0, 0, 0). */
    public static final Coordinate ORIGIN = new Coordinate(0, 0, 0);

    public Coordinate {
        if (x < 0 || y < 0 || z < 0)
            throw new IllegalArgumentException("coordinates must not be negative: " + x + "," + y + "," + z);
    }

    /** The coordinate along {@code dimension}. */
    public int get(Dimension dimension) {
        return dimension.pick(x, y, z);
    }

    /** This coordinate with the value along {@code dimension} replaced. */
    public Coordinate with(Dimension dimension, int value) {
        return switch (dimension) {
            case X -> new Coordinate(value, y, z);
            case Y -> new Coordinate(x, value, z);
            case Z -> new Coordinate(x, y, value);
        };
    }

    @Override
    public String toString() {
        return "(" + x + "," + y + "," + z + ")";
    }

    /** Compared number by number: the generated {@code equals} of a record calls method handles, slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Coordinate c && x == c.x && y == c.y && z == c.z;
    }
}

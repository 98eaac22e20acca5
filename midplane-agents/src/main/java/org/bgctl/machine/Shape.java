package org.bgctl.machine;

import java.util.ArrayList;
import java.util.List;

/**
 * The extent of a 3D box in allocation units, e.g. {@code 8x2x1}: a job's shape or a machine's size.
 */
public record Shape(int x, int y, int z) {

    /** A single unit. */
    public static final Shape UNIT = new Shape(1, 1, 1);

    public Shape {
        if (x < 1 || y < 1 || z < 1)
            throw new IllegalArgumentException("a shape needs a positive extent in every dimension: " + x + "x" + y + "x" + z);
    }

    /** The extent along {@code dimension}. */
    public int extent(Dimension dimension) {
        return dimension.pick(x, y, z);
    }

    /** The number of allocation units in the box. */
    public int volume() {
        return x * y * z;
    }

    /** Whether a box of this shape fits inside {@code machine} without rotation. */
    public boolean fitsIn(Shape machine) {
        return x <= machine.x && y <= machine.y && z <= machine.z;
    }

    /**
     * The distinct rotations of this shape, this shape first, then the permutations in the order
     * (x,z,y), (y,x,z), (y,z,x), (z,x,y), (z,y,x), each listed once.
     */
    public List<Shape> rotations() {
        List<Shape> rotations = new ArrayList<>(6);
        for (Shape r : List.of(this, new Shape(x, z, y), new Shape(y, x, z),
                new Shape(y, z, x), new Shape(z, x, y), new Shape(z, y, x)))
            if (!rotations.contains(r)) rotations.add(r);
        return List.copyOf(rotations);
    }

    @Override
    public String toString() {
        return x + "x" + y + "x" + z;
    }

    /** Compared number by number: the generated {@code equals} of a record calls method handles, slow under C1. */
    @Override
    public boolean equals(Object o) {
        return o instanceof Shape s && x == s.x && y == s.y && z == s.z;
    }

    /**
     * Hashed as the generated method hashes (31 times the hash so far plus each component), without its method
     * handles: shapes are looked up on every partition search.
     */
    @Override
    public int hashCode() {
        return (x * 31 + y) * 31 + z;
    }
}

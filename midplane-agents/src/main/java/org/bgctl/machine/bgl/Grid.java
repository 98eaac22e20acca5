package org.bgctl.machine.bgl;

import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * Index arithmetic over a box of midplanes. A line of dimension d is numbered by the other two
 * coordinates, the lower dimension varying fastest: x-line {@code y + Y*z}, y-line {@code x + X*z},
 * z-line {@code x + X*y}. Positions on a line are bit numbers in line masks.
 */
final class Grid {
    private final Shape size;
    /** [dimension][midplane index x + X*(y + Y*z)]: the number of the line through it. */
    private final int[][] lineOfMidplane;
    /** [dimension][midplane index]: its bit in that line's masks. */
    private final int[][] bitOfMidplane;

    Grid(Shape size) {
        this.size = size;
        lineOfMidplane = new int[3][size.volume()];
        bitOfMidplane = new int[3][size.volume()];
        for (int z = 0, m = 0; z < size.z(); z++)
            for (int y = 0; y < size.y(); y++)
                for (int x = 0; x < size.x(); x++, m++)
                    for (Dimension d : Dimension.values()) {
                        lineOfMidplane[d.ordinal()][m] = line(d, x, y, z);
                        bitOfMidplane[d.ordinal()][m] = 1 << d.pick(x, y, z);
                    }
    }

    /** [dimension ordinal][midplane index x + X*(y + Y*z)]: the number of the line through it. Read only. */
    int[][] lineOfMidplane() {
        return lineOfMidplane;
    }

    /** [dimension ordinal][midplane index]: its bit in the masks of that line. Read only. */
    int[][] bitOfMidplane() {
        return bitOfMidplane;
    }

    Shape size() {
        return size;
    }

    int length(Dimension d) {
        return size.extent(d);
    }

    int lineCount(Dimension d) {
        return size.volume() / size.extent(d);
    }

    /** The number of the line of dimension {@code d} through midplane (x, y, z). */
    int line(Dimension d, int x, int y, int z) {
        return switch (d) {
            case X -> y + size.y() * z;
            case Y -> x + size.x() * z;
            case Z -> x + size.x() * y;
        };
    }

    int line(Dimension d, Coordinate c) {
        return line(d, c.x(), c.y(), c.z());
    }

    int line(Line line) {
        return line(line.dimension(), line.origin());
    }

    /** The x-line through (·, y, z): the index of midplane availability masks. */
    int xLine(int y, int z) {
        return y + size.y() * z;
    }

    void checkInside(Coordinate c) {
        if (c.x() >= size.x() || c.y() >= size.y() || c.z() >= size.z())
            throw new IllegalArgumentException(c + " is outside the " + size + " machine");
    }

    /** The positions {@code base, base+1, ..., base+extent-1} (mod {@code length}) as a mask. */
    static int arc(int base, int extent, int length) {
        int bits = ((1 << extent) - 1) << base;
        return (bits | bits >>> length) & ((1 << length) - 1);
    }
}

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
    /** By dimension ordinal: where its lines start when the lines of x, y and z are numbered one after another. */
    private final int[] firstLine = new int[3];
    private final int allLines;

    Grid(Shape size) {
        this.size = size;
        int n = 0;
        for (Dimension d : Dimension.values()) {
            firstLine[d.ordinal()] = n;
            n += lineCount(d);
        }
        this.allLines = n;
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

    /** Where the lines of the dimension of ordinal {@code d} start when those of x, y and z are numbered one after another. */
    int firstLine(int d) {
        return firstLine[d];
    }

    /** The lines of all three dimensions. */
    int allLines() {
        return allLines;
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

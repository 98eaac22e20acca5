package org.bgctl.machine.torus;

import java.util.Arrays;

/**
 * An immutable snapshot of which units of a torus are free: a unit is either free or blocked (busy with a job
 * or down). One bit a unit, so copies are cheap enough for the inner loops of partition searches.
 */
public final class Occupancy {

    private final TorusShape shape;
    private final long[] blocked;

    private Occupancy(TorusShape shape, long[] blocked) {
        this.shape = shape;
        this.blocked = blocked;
    }

    /** A torus of the given shape with every unit free. */
    public static Occupancy empty(TorusShape shape) {
        return new Occupancy(shape, new long[BoxCatalog.words(shape)]);
    }

    /** The shape of the torus. */
    public TorusShape shape() {
        return shape;
    }

    /** Whether the unit numbered {@code unit} (see {@link TorusShape#index}) is free. */
    public boolean isFree(int unit) {
        return (blocked[unit / Long.SIZE] & 1L << unit) == 0;
    }

    /** Whether every unit of {@code box} is free. */
    public boolean isFree(Box box) {
        return isFree(BoxCatalog.mask(shape, box));
    }

    /** Whether every unit of a mask (bit u for unit u) is free. */
    boolean isFree(long[] mask) {
        for (int i = 0; i < blocked.length; i++)
            if ((blocked[i] & mask[i]) != 0) return false;
        return true;
    }


    /** How many units are free. */
    public int freeUnits() {
        return shape.units() - blockedUnits();
    }

    /** How many units are blocked. */
    public int blockedUnits() {
        int n = 0;
        for (long word : blocked) n += Long.bitCount(word);
        return n;
    }

    /** This occupancy with every unit of {@code box} blocked as well. */
    public Occupancy with(Box box) {
        return with(BoxCatalog.mask(shape, box));
    }

    /** This occupancy with every unit of {@code box} free. */
    public Occupancy without(Box box) {
        long[] mask = BoxCatalog.mask(shape, box);
        long[] bits = blocked.clone();
        for (int i = 0; i < bits.length; i++) bits[i] &= ~mask[i];
        return new Occupancy(shape, bits);
    }

    /** This occupancy with every unit of a mask blocked as well. */
    Occupancy with(long[] mask) {
        long[] bits = blocked.clone();
        for (int i = 0; i < bits.length; i++) bits[i] |= mask[i];
        return new Occupancy(shape, bits);
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Occupancy other && shape.equals(other.shape) && Arrays.equals(blocked, other.blocked);
    }

    @Override
    public int hashCode() {
        return 31 * shape.hashCode() + Arrays.hashCode(blocked);
    }

    /** The torus as z planes of y rows, '.' for a free unit and '#' for a blocked one. */
    @Override
    public String toString() {
        StringBuilder sb = new StringBuilder(shape.toString());
        for (int z = 0; z < shape.z(); z++) {
            sb.append("\nz=").append(z).append(':');
            for (int y = 0; y < shape.y(); y++) {
                sb.append(' ');
                for (int x = 0; x < shape.x(); x++) sb.append(isFree(shape.index(x, y, z)) ? '.' : '#');
            }
        }
        return sb.toString();
    }
}

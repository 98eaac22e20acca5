package org.bgctl.machine;

import java.util.Locale;

/** One of the three axes of a 3D machine. */
public enum Dimension {
    X, Y, Z;

    /** Of three values given in x, y, z order, the one that belongs to this dimension. */
    public int pick(int x, int y, int z) {
        return switch (this) {
            case X -> x;
            case Y -> y;
            case Z -> z;
        };
    }

    /** Of three values given in x, y, z order, the one that belongs to this dimension. */
    public <T> T pick(T x, T y, T z) {
        return switch (this) {
            case X -> x;
            case Y -> y;
            case Z -> z;
        };
    }

    /** The lower-case name used in configuration files and messages: {@code x}, {@code y} or {@code z}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

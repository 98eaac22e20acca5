package org.bgctl.machine;

import com.typesafe.config.Config;
import java.util.ArrayList;
import java.util.List;

/**
 * The numbers of a machine file read as the file means them. HOCON's own readers truncate {@code 4.5} to 4 where a
 * whole number is asked, and turn the string {@code "NaN"} into a number where any is: here a fraction, a number
 * beyond an {@code int} and a value that is not finite are mistakes named by their file and line.
 */
public final class MachineFileNumbers {

    private MachineFileNumbers() {
    }

    /** The whole number at {@code path}. */
    public static int whole(Config c, String path) {
        return whole(c, path, c.getNumber(path));
    }

    /** The whole numbers listed at {@code path}. */
    public static List<Integer> wholeList(Config c, String path) {
        List<Integer> values = new ArrayList<>();
        for (Number n : c.getNumberList(path)) values.add(whole(c, path, n));
        return values;
    }

    /** The finite number at {@code path}. */
    public static double finite(Config c, String path) {
        double value = c.getDouble(path);
        if (!Double.isFinite(value)) throw mistake(c, path, "must be a finite number, was " + value);
        return value;
    }

    private static int whole(Config c, String path, Number n) {
        double value = n.doubleValue();
        if (value != Math.rint(value)) throw mistake(c, path, "must be a whole number, was " + n);
        if (value < Integer.MIN_VALUE || value > Integer.MAX_VALUE) throw mistake(c, path, "is out of range, was " + n);
        return n.intValue();
    }

    private static MachineFileError mistake(Config c, String path, String why) {
        return MachineFileError.at(c.getValue(path).origin(), new IllegalArgumentException(path + " " + why));
    }
}

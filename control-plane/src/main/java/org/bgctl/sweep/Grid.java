package org.bgctl.sweep;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs of a sweep: the cartesian product of its axes in a fixed order — the first axis
 * varies slowest, the last fastest, each through its values in the order given. No axes is one
 * run.
 *
 * @param axes the axes, each on a different parameter
 */
public record Grid(List<Axis> axes) {

    /** @throws IllegalArgumentException when two axes sweep the same parameter */
    public Grid {
        axes = List.copyOf(axes);
        Set<String> seen = new HashSet<>();
        for (Axis a : axes)
            if (!seen.add(a.parameter()))
                throw new IllegalArgumentException("two axes sweep " + a.parameter() + "; merge their values into one");
    }

    /** How many runs. */
    public int size() {
        int n = 1;
        for (Axis a : axes) n = Math.multiplyExact(n, a.values().size());
        return n;
    }

    /** Every point, numbered from 1 in grid order. */
    public List<GridPoint> points() {
        int total = size();
        List<GridPoint> points = new ArrayList<>(total);
        for (int i = 0; i < total; i++) {
            Map<String, String> values = new LinkedHashMap<>();
            int rest = i;
            int stride = total;
            for (Axis a : axes) {
                stride /= a.values().size();
                values.put(a.parameter(), a.values().get(rest / stride));
                rest %= stride;
            }
            points.add(new GridPoint(i + 1, values));
        }
        return points;
    }

    /** The axis of {@code parameter}, or null. */
    public Axis axis(String parameter) {
        for (Axis a : axes) if (a.parameter().equals(parameter)) return a;
        return null;
    }
}

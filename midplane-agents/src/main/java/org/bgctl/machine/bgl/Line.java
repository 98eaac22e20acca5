package org.bgctl.machine.bgl;

import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * One line of midplanes along {@code dimension}: all midplanes that share the other two coordinates.
 * The line is named by its first midplane, whose coordinate along {@code dimension} is 0.
 *
 * @param dimension the direction of the line
 * @param origin    the line's midplane at position 0
 */
public record Line(Dimension dimension, Coordinate origin) {

    public Line {
        origin = origin.with(dimension, 0);
    }

    /** The line along {@code dimension} through {@code midplane}. */
    public static Line through(Dimension dimension, Coordinate midplane) {
        return new Line(dimension, midplane);
    }

    /**
     * Every line along {@code dimension} of a machine of {@code size} midplanes, numbered as the machine numbers
     * them: by the other two coordinates, the lower dimension varying fastest.
     */
    public static List<Line> all(Dimension dimension, Shape size) {
        List<Line> lines = new ArrayList<>();
        for (int z = 0; z < (dimension == Dimension.Z ? 1 : size.z()); z++)
            for (int y = 0; y < (dimension == Dimension.Y ? 1 : size.y()); y++)
                for (int x = 0; x < (dimension == Dimension.X ? 1 : size.x()); x++)
                    lines.add(new Line(dimension, new Coordinate(x, y, z)));
        return lines;
    }

    /** The midplane of this line at {@code position}. */
    public Coordinate at(int position) {
        return origin.with(dimension, position);
    }

    /** E.g. {@code y=1 z=0} for an x-line: the line's other two coordinates. */
    public String name() {
        StringBuilder s = new StringBuilder();
        for (Dimension d : Dimension.values()) {
            if (d == dimension) continue;
            if (s.length() > 0) s.append(' ');
            s.append(d.label()).append('=').append(origin.get(d));
        }
        return s.toString();
    }
}

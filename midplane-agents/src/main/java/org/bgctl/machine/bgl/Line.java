package org.bgctl.machine.bgl;

import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;

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

    /** The midplane of this line at {@code position}. */
    public Coordinate at(int position) {
        return origin.with(dimension, position);
    }
}

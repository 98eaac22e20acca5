package org.bgctl.machine.bgl;

import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;

/** A part of the machine that can fail and be repaired: a midplane, a switch or a cable. */
public sealed interface Component {

    /** The midplane at {@code at}. */
    record MidplaneAt(Coordinate at) implements Component {
    }

    /** The {@code dimension} switch of the midplane at {@code at}. */
    record SwitchAt(Dimension dimension, Coordinate at) implements Component {
    }

    /** Cable number {@code cable} of the {@link LineWiring} in one particular {@code line}. */
    record CableAt(Line line, int cable) implements Component {
    }
}

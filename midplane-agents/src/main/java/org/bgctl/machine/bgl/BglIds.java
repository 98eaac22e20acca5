package org.bgctl.machine.bgl;

import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;

/**
 * The ids of a BG/L machine's agents and components. A midplane's position is written
 * {@code R<x><y><z>}, one digit per coordinate (a line holds at most {@value LineWiring#MAX_LENGTH}
 * midplanes), e.g. {@code R010} for (0,1,0):
 * <ul>
 *   <li>{@code mp-R010}: the midplane, an allocation unit with its agent;</li>
 *   <li>{@code sw-x-R010} (also {@code -y-}, {@code -z-}): its switch of that dimension, with its agent;</li>
 *   <li>{@code cable-x-R010-p2}: the x cable that leaves that switch at out-port 2 (or 4) — a component
 *       that can fail, held through the ports it joins.</li>
 * </ul>
 */
public final class BglIds {
    private static final String MIDPLANE = "mp-";
    private static final String SWITCH = "sw-";
    private static final String CABLE = "cable-";

    private BglIds() {
    }

    /** {@code R<x><y><z>}. */
    public static String position(Coordinate c) {
        return "R" + c.x() + c.y() + c.z();
    }

    /** The entity id of the midplane at {@code c}. */
    public static String midplane(Coordinate c) {
        return MIDPLANE + position(c);
    }

    /** The entity id of the {@code d} switch of the midplane at {@code c}. */
    public static String switchOf(Dimension d, Coordinate c) {
        return SWITCH + d.label() + "-" + position(c);
    }

    /** The id of the {@code d} cable leaving the switch of the midplane at {@code from} at {@code outPort}. */
    public static String cable(Dimension d, Coordinate from, int outPort) {
        return CABLE + d.label() + "-" + position(from) + "-p" + outPort;
    }

    /** Whether {@code id} names a midplane (its form, not whether the machine has it). */
    public static boolean isMidplane(String id) {
        return id.startsWith(MIDPLANE);
    }

    /** Whether {@code id} names a switch (its form, not whether the machine has it). */
    public static boolean isSwitch(String id) {
        return id.startsWith(SWITCH);
    }

    /**
     * The component {@code id} names on {@code machine}.
     *
     * @throws IllegalArgumentException naming the id and what is wrong with it
     */
    public static Component component(String id, BglMachine machine) {
        try {
            if (id.startsWith(MIDPLANE)) return new Component.MidplaneAt(position(id.substring(MIDPLANE.length()), machine));
            if (id.startsWith(SWITCH)) {
                String[] parts = id.substring(SWITCH.length()).split("-", -1);
                if (parts.length == 2) return new Component.SwitchAt(dimension(parts[0]), position(parts[1], machine));
            }
            if (id.startsWith(CABLE)) {
                String[] parts = id.substring(CABLE.length()).split("-", -1);
                if (parts.length == 3 && parts[2].matches("p[0-9]")) {
                    Dimension d = dimension(parts[0]);
                    Coordinate from = position(parts[1], machine);
                    return new Component.CableAt(Line.through(d, from), cableIndex(machine, d, from, parts[2].charAt(1) - '0'));
                }
            }
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("component '" + id + "' of " + machine.wiring().name() + ": " + e.getMessage(), e);
        }
        throw new IllegalArgumentException("unknown component '" + id + "'; components are named mp-R<x><y><z>, "
                + "sw-<x|y|z>-R<x><y><z> and cable-<x|y|z>-R<x><y><z>-p<out-port>, e.g. mp-R010, sw-x-R010, cable-x-R010-p2");
    }

    /** The index of the {@code d} cable leaving the switch at {@code from} at {@code outPort}. */
    static int cableIndex(BglMachine machine, Dimension d, Coordinate from, int outPort) {
        LineWiring wiring = machine.wiring().line(d);
        for (int i = 0; i < wiring.cables().size(); i++) {
            Cable c = wiring.cables().get(i);
            if (c.from() == from.get(d) && c.outPort() == outPort) return i;
        }
        throw new IllegalArgumentException("no " + d.label() + " cable leaves the switch of " + position(from)
                + " at port " + outPort);
    }

    /** The coordinate written {@code R<x><y><z>}, checked against the machine's size. */
    static Coordinate position(String text, BglMachine machine) {
        if (!text.matches("R[0-9]{3}"))
            throw new IllegalArgumentException("'" + text + "' is not a midplane position R<x><y><z>, e.g. R010");
        Coordinate c = new Coordinate(text.charAt(1) - '0', text.charAt(2) - '0', text.charAt(3) - '0');
        Shape size = machine.shape();
        if (c.x() >= size.x() || c.y() >= size.y() || c.z() >= size.z())
            throw new IllegalArgumentException(text + " is outside the " + size + " midplanes");
        return c;
    }

    private static Dimension dimension(String label) {
        for (Dimension d : Dimension.values()) if (d.label().equals(label)) return d;
        throw new IllegalArgumentException("'" + label + "' is not a dimension (x, y or z)");
    }
}

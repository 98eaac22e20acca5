package org.bgctl.reservations;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.TimeBounds;

/**
 * One reservation as text, {@code START END WHAT [NAME]}, as a reservation file's line or the API gives it.
 * WHAT is {@code all} (a maintenance window: the whole machine), a node count on a machine of interchangeable
 * nodes, a comma-separated list of units ({@code mp-R000,mp-R001}) or a box of midplanes, its first midplane and
 * its shape ({@code R000:2x2x2}) on a machine of midplanes.
 */
public final class ReservationSpec {

    private ReservationSpec() {
    }

    /**
     * The reservation {@code text} describes on {@code machine}, called {@code defaultName} when it names none.
     *
     * @throws IllegalArgumentException naming the field and what is wrong
     */
    public static Reservation parse(String text, String defaultName, MachineView machine) {
        String[] fields = text.trim().split("\\s+");
        if (fields.length < 3 || fields.length > 4)
            throw new IllegalArgumentException(fields.length + " fields, expected START END WHAT [NAME]");
        long start = time(fields[0], "field 1 (start)");
        long end = time(fields[1], "field 2 (end)");
        if (end <= start)
            throw new IllegalArgumentException("field 2 (end): " + end + " is not after the start " + start);
        String name = fields.length == 4 ? fields[3] : defaultName;
        try {
            checkName(name);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field 4 (name): " + e.getMessage(), e);
        }
        try {
            return of(name, start, end, fields[2], machine);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("field 3 (what): " + e.getMessage(), e);
        }
    }

    /**
     * Refuses a reservation name that is not letters and digits, joined by {@code - _ . : @}: the name is the last
     * segment of {@code DELETE /api/reservations/NAME} and is drawn on the dashboard, where a {@code ?}, {@code #},
     * {@code %}, quote or bracket would cancel another reservation, none, or write into the page.
     *
     * @throws IllegalArgumentException saying what a name may hold
     */
    public static void checkName(String name) {
        boolean ok = !name.isEmpty() && Character.isLetterOrDigit(name.codePointAt(0))
                && name.codePoints().allMatch(c -> Character.isLetterOrDigit(c) || "-_.:@".indexOf(c) >= 0);
        if (!ok) throw new IllegalArgumentException("'" + name + "' is not a name: letters and digits, joined by"
                + " - _ . : @ (it names the window in DELETE /api/reservations/NAME)");
    }

    /**
     * The reservation called {@code name} of {@code what} on {@code machine} from {@code start} to {@code end}.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static Reservation of(String name, long start, long end, String what, MachineView machine) {
        if (what.equals("all")) {
            if (machine.interchangeable()) return new Reservation(name, start, end, machine.capacity(), List.of(), true);
            return units(name, start, end, nodeUnits(machine), machine, true);
        }
        if (what.chars().allMatch(Character::isDigit)) {
            if (!machine.interchangeable())
                throw new IllegalArgumentException("a node count reserves nodes of a machine of"
                        + " interchangeable nodes; on " + machine.name() + " name " + unitsExample(machine) + " or all");
            int nodes = count(what, machine);
            return new Reservation(name, start, end, nodes, List.of(), nodes == machine.capacity());
        }
        if (machine.interchangeable())
            throw new IllegalArgumentException("'" + what + "' is neither all nor a node count, which"
                    + " is what " + machine.name() + " reserves");
        List<String> units = what.contains(":") ? box(what, machine) : List.of(what.split(","));
        for (String u : units) {
            if (!machine.units().contains(u) || machine.nodesOf(u) == 0)
                throw new IllegalArgumentException("" + machine.name() + " has no unit '" + u
                        + "' that holds nodes");
        }
        return units(name, start, end, units, machine, false);
    }

    private static Reservation units(String name, long start, long end, List<String> units, MachineView machine,
                                     boolean all) {
        TreeSet<String> sorted = new TreeSet<>(units);
        if (sorted.size() != units.size())
            throw new IllegalArgumentException("a unit is named twice in " + String.join(",", units));
        int nodes = 0;
        for (String u : sorted) nodes += machine.nodesOf(u);
        return new Reservation(name, start, end, nodes, List.copyOf(sorted), all);
    }

    /** How to name units on {@code machine}: its first two units, and on midplanes a box too. */
    private static String unitsExample(MachineView machine) {
        List<String> units = nodeUnits(machine);
        String first = String.join(",", units.subList(0, Math.min(2, units.size())));
        return first.startsWith("mp-R") ? "midplanes (" + first + " or R000:2x2x2)" : "units (" + first + ")";
    }

    private static List<String> nodeUnits(MachineView machine) {
        List<String> units = new ArrayList<>();
        for (String u : machine.units()) if (machine.nodesOf(u) > 0) units.add(u);
        return units;
    }

    /** The midplanes of the box {@code R<x><y><z>:<a>x<b>x<c>}. */
    private static List<String> box(String what, MachineView machine) {
        String[] parts = what.split(":");
        String usage = "'" + what + "' is not a box of midplanes R<x><y><z>:<a>x<b>x<c>, e.g."
                + " R000:2x2x2";
        if (parts.length != 2 || !parts[0].matches("R[0-9]{3}") || !parts[1].matches("[1-9]x[1-9]x[1-9]"))
            throw new IllegalArgumentException(usage);
        int[] base = {parts[0].charAt(1) - '0', parts[0].charAt(2) - '0', parts[0].charAt(3) - '0'};
        int[] extent = {parts[1].charAt(0) - '0', parts[1].charAt(2) - '0', parts[1].charAt(4) - '0'};
        machine.grid().ifPresent(g -> {
            int[] size = {g.x(), g.y(), g.z()};
            for (int d = 0; d < 3; d++)
                if (base[d] + extent[d] > size[d])
                    throw new IllegalArgumentException("the box " + what + " does not fit in the " + g.x() + "x" + g.y()
                            + "x" + g.z() + " midplanes of " + machine.name() + ": it reaches " + "xyz".charAt(d) + " = "
                            + (base[d] + extent[d] - 1) + ", past " + (size[d] - 1));
        });
        List<String> units = new ArrayList<>();
        for (int i = 0; i < extent[0]; i++)
            for (int j = 0; j < extent[1]; j++)
                for (int k = 0; k < extent[2]; k++) {
                    int x = base[0] + i, y = base[1] + j, z = base[2] + k;
                    if (x > 9 || y > 9 || z > 9) throw new IllegalArgumentException(usage);
                    units.add("mp-R" + x + y + z);
                }
        return units;
    }

    private static int count(String what, MachineView machine) {
        long n;
        try {
            n = Long.parseLong(what);
        } catch (NumberFormatException e) {
            n = Long.MAX_VALUE;
        }
        if (n < 1) throw new IllegalArgumentException(what + " nodes; a window reserves at least 1 node");
        if (n > machine.capacity())
            throw new IllegalArgumentException("" + what + " nodes; " + machine.name() + " has "
                    + machine.capacity());
        return (int) n;
    }

    /**
     * A time of a window, in whole seconds of the run.
     *
     * @throws IllegalArgumentException naming {@code field} when it is not one
     */
    public static long time(String text, String field) {
        long t;
        try {
            t = Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(field + ": '" + text + "' is not a whole number of seconds");
        }
        if (t < 0) throw new IllegalArgumentException(field + ": " + t + " is negative");
        if (t > TimeBounds.MAX_TIME)
            throw new IllegalArgumentException(field + ": " + t + " is above the limit of "
                    + TimeBounds.describe(TimeBounds.MAX_TIME));
        return t;
    }
}

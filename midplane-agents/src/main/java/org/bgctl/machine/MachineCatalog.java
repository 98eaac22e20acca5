package org.bgctl.machine;

import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.paragon.ParagonMachine;

/** Turns a {@code --machine} name into a fresh machine model. */
public final class MachineCatalog {

    /** The names and forms a user may give, for help and error messages. */
    public static final String KNOWN = "flat:N (N interchangeable nodes), "
            + "buddy:N (N nodes in a line with a buddy tree), "
            + "paragon-sdsc (the SDSC Paragon batch partition), paragon:FILE (a Paragon site file)";

    private MachineCatalog() {
    }

    /**
     * The machine named {@code spec}.
     *
     * @throws IllegalArgumentException naming the bad spec and the known forms
     */
    public static MachineModel create(String spec) {
        if (spec != null && spec.startsWith("flat:")) {
            String n = spec.substring("flat:".length());
            try {
                int nodes = Integer.parseInt(n);
                if (nodes > 0) return new FlatMachine(nodes);
            } catch (NumberFormatException ignored) {
                // reported below
            }
            throw new IllegalArgumentException("machine '" + spec + "': the node count '" + n
                    + "' must be a positive whole number; known: " + KNOWN);
        }
        if (spec != null && spec.startsWith(BuddyMachine.PREFIX)) return BuddyMachine.named(spec);
        if (ParagonMachine.SDSC.equals(spec) || spec != null && spec.startsWith(ParagonMachine.FILE_PREFIX))
            return ParagonMachine.named(spec);
        throw new IllegalArgumentException("unknown machine '" + spec + "'; known: " + KNOWN);
    }
}

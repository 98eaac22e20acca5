package org.bgctl.machine;

import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.paragon.ParagonMachine;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;

/** Turns a {@code --machine} name into a fresh machine model. */
public final class MachineCatalog {

    /** The names and forms a user may give, for help and error messages. */
    public static final String KNOWN = "flat:N (N interchangeable nodes), "
            + "buddy:N (N nodes in a line with a buddy tree), "
            + "paragon-sdsc (the SDSC Paragon batch partition), paragon:FILE (a Paragon site file), "
            + "supernode[:XxYxZ[/N]] (a torus of supernodes, 4x4x8 of 512 nodes by default)";

    private static final String SUPERNODE = "supernode";

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
        if (SUPERNODE.equals(spec)) return SupernodeMachine.blueGeneL();
        if (spec != null && spec.startsWith(SUPERNODE + ":")) return supernode(spec);
        throw new IllegalArgumentException("unknown machine '" + spec + "'; known: " + KNOWN);
    }

    /** {@code supernode:XxYxZ} or {@code supernode:XxYxZ/N}: the torus's dimensions and the nodes of a supernode. */
    private static SupernodeMachine supernode(String spec) {
        String rest = spec.substring(SUPERNODE.length() + 1);
        int slash = rest.indexOf('/');
        String dims = slash < 0 ? rest : rest.substring(0, slash);
        String nodes = slash < 0 ? null : rest.substring(slash + 1);
        String[] d = dims.split("x", -1);
        if (d.length != 3)
            throw new IllegalArgumentException("machine '" + spec + "': the torus '" + dims
                    + "' must be three dimensions XxYxZ, as in supernode:4x4x8");
        TorusShape shape = new TorusShape(positive(spec, "dimension", d[0]), positive(spec, "dimension", d[1]),
                positive(spec, "dimension", d[2]));
        int perUnit = nodes == null ? SupernodeMachine.BLUE_GENE_L_SUPERNODE
                : positive(spec, "nodes per supernode", nodes);
        try {
            return new SupernodeMachine(shape, perUnit);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("machine '" + spec + "': " + e.getMessage(), e);
        }
    }

    private static int positive(String spec, String what, String value) {
        try {
            int n = Integer.parseInt(value);
            if (n > 0) return n;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("machine '" + spec + "': the " + what + " '" + value
                + "' must be a positive whole number, as in supernode:4x4x8/512");
    }
}

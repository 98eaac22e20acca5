package org.bgctl.machine;

import static org.bgctl.machine.MachineCapability.BUDDY_TREE;
import static org.bgctl.machine.MachineCapability.INTERCHANGEABLE_NODES;
import static org.bgctl.machine.MachineCapability.NODE_SETS;
import static org.bgctl.machine.MachineCapability.OPTIONS;
import static org.bgctl.machine.MachineCapability.SHAPES;
import static org.bgctl.machine.MachineCapability.SUPERNODE_TORUS;
import static org.bgctl.machine.MachineCapability.SWITCHES;

import java.util.List;
import java.util.Set;
import org.bgctl.machine.buddy.BuddyMachine;
import org.bgctl.machine.paragon.ParagonMachine;

/**
 * The forms of {@code --machine} name bgctl knows: for each its pattern, description, capabilities and the factory
 * of its machine model. {@link MachineCatalog#create} builds machines through it; help texts, validation messages,
 * shell completion and the README's machine table come from it. The agents of a machine's units
 * ({@code UnitAgents.forUnit}) and its map ({@code MachineMap}) follow from the model's class, in the modules
 * that hold the agents and the reports.
 */
public final class MachineRegistry {

    /**
     * A wiring of one's own: any name whose part before the options is a {@code .conf} file, or a wiring on the class
     * path. Matched last, when no other form claims the name (paragon-sdsc.conf is on the class path too).
     */
    private static final MachineType OWN_WIRING = new MachineType("FILE.conf",
            "a wiring file of one's own, laid out like bgl.conf", Set.of(SHAPES, SWITCHES, OPTIONS), "bgl",
            s -> MachineCatalog.isWiring(base(s)), MachineCatalog::midplanes);

    private static final List<MachineType> TYPES = List.of(
            new MachineType("flat:N", "N interchangeable nodes (SP2, Cplant), one node-set agent ns-0",
                    Set.of(INTERCHANGEABLE_NODES), "flat:16", s -> s.startsWith("flat:"), MachineCatalog::flat),
            new MachineType("bgl", "BG/L as Aridor et al. wire it: 8x4x4 midplanes of 512 nodes, a switch per"
                    + " midplane per dimension, x-lines with split cables, y/z rings 0-1-3-2-0 (config/machines/bgl.conf);"
                    + " agents mp-R<x><y><z> and sw-<dim>-R<x><y><z>; two-phase allocation (midplanes, then switch"
                    + " ports, a switch shared by partitions on disjoint ports); options after a comma:"
                    + " deny-passthrough=DIMS, switch=whole (one partition per switch), layout=static:FILE or"
                    + " layout=overlap:FILE (jobs run only on the blocks a block file lists), e.g. bgl,switch=whole",
                    Set.of(SHAPES, SWITCHES, OPTIONS), "bgl", s -> base(s).equals("bgl"), MachineCatalog::midplanes),
            new MachineType("torus-bgl", "the same midplanes with every line a plain ring (Aridor's comparison)",
                    Set.of(SHAPES, SWITCHES, OPTIONS), "torus-bgl", s -> base(s).equals("torus-bgl"),
                    MachineCatalog::midplanes),
            new MachineType("bgl-slurm", "the same midplanes wired as Slurm's emulated BG/L, y/z rings 0-1-2-3-0"
                    + " (config/machines/bgl-slurm.conf; docs/aridor.md)", Set.of(SHAPES, SWITCHES, OPTIONS),
                    "bgl-slurm", s -> base(s).equals("bgl-slurm"), MachineCatalog::midplanes),
            new MachineType("supernode[:XxYxZ[/N]]", "BG/L as Krevat et al. model it: a torus (wrap-around, no"
                    + " cables) of supernodes, 4x4x8 of 512 nodes by default, agents sn-x.y.z; /1 when trace sizes"
                    + " already count supernodes", Set.of(SUPERNODE_TORUS), "supernode",
                    s -> s.equals("supernode") || s.startsWith("supernode:"), MachineCatalog::supernode),
            new MachineType("buddy:N", "N nodes in a line with a binary buddy tree; one node-set agent that holds"
                    + " node numbers", Set.of(BUDDY_TREE), "buddy:16", s -> s.startsWith(BuddyMachine.PREFIX),
                    BuddyMachine::named),
            new MachineType("paragon-sdsc", "the SDSC Paragon batch partition: 368 nodes of a 2D mesh in three"
                    + " node sets, each an agent allocating with M2DB (config/machines/paragon-sdsc.conf)",
                    Set.of(NODE_SETS), ParagonMachine.SDSC, s -> base(s).equals(ParagonMachine.SDSC), ParagonMachine::named),
            new MachineType("paragon:FILE", "a Paragon site of one's own, laid out like paragon-sdsc.conf",
                    Set.of(NODE_SETS), ParagonMachine.SDSC, s -> s.startsWith(ParagonMachine.FILE_PREFIX),
                    ParagonMachine::named),
            OWN_WIRING);

    private MachineRegistry() {
    }

    /** Every form, in the order help texts and the README list them. */
    public static List<MachineType> types() {
        return TYPES;
    }

    /** The patterns, e.g. {@code flat:N}, for completion and help. */
    public static List<String> patterns() {
        return TYPES.stream().map(MachineType::pattern).toList();
    }

    /**
     * The form of {@code spec}.
     *
     * @throws IllegalArgumentException "unknown machine 'x'; known: ..." when no form matches
     */
    public static MachineType typeOf(String spec) {
        for (MachineType t : TYPES) if (t != OWN_WIRING && t.matches().test(spec)) return t;
        if (OWN_WIRING.matches().test(spec)) return OWN_WIRING;
        throw new IllegalArgumentException("unknown machine '" + spec + "'; known: " + known());
    }

    /** "PATTERN, ...": the forms for messages, whose second line points to the help that describes each. */
    static String known() {
        return String.join(", ", patterns());
    }

    /** The part of a name before its options. */
    private static String base(String spec) {
        int comma = spec.indexOf(',');
        return comma < 0 ? spec : spec.substring(0, comma);
    }
}

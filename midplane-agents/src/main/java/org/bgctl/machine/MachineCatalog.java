package org.bgctl.machine;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BinaryOperator;
import org.bgctl.config.BgctlSettings;
import org.bgctl.machine.bgl.BglMachine;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.BlockFile;
import org.bgctl.machine.bgl.BlockLayout;
import org.bgctl.machine.bgl.LayoutMode;
import org.bgctl.machine.bgl.LinkSetCache;
import org.bgctl.machine.bgl.SwitchModel;
import org.bgctl.machine.bgl.Wiring;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.machine.paragon.ParagonMachine;
import org.bgctl.machine.torus.SupernodeMachine;
import org.bgctl.machine.torus.TorusShape;

/**
 * Turns a {@code --machine} name into a fresh machine model, through the {@link MachineRegistry}, which knows the
 * forms of names; the factories of the forms are here.
 *
 * <p>Names: {@code flat:N}, {@code buddy:N}, {@code paragon-sdsc}, {@code paragon:FILE},
 * {@code supernode[:XxYxZ[/N]]}; a machine of midplanes shipped with bgctl ({@code bgl}, {@code torus-bgl},
 * from {@code machines/<name>.conf} on the class path); or a machine file of the user's, named by its
 * path, which must end in {@code .conf}. Machines of midplanes take options after a comma, as in
 * {@code bgl,deny-passthrough=xy}:
 * <ul>
 *   <li>{@code deny-passthrough=DIMS}: in each dimension listed ({@code x}, {@code y}, {@code z}, any
 *       combination) no partition may pass through the switch of a midplane outside it (Slurm's
 *       DenyPassthrough, Cobalt's block_passthrough).</li>
 *   <li>{@code switch=ports} (the default) or {@code switch=whole}: a switch serves several partitions on
 *       disjoint ports, or one partition at a time ({@link SwitchModel}).</li>
 *   <li>{@code layout=dynamic} (the default), {@code layout=static:FILE} or {@code layout=overlap:FILE}: partitions
 *       made to measure, or jobs run only on the blocks the block file lists ({@link BlockFile}), which share no
 *       midplane in a static layout ({@link BlockLayout}).</li>
 * </ul>
 * A model's {@link MachineModel#name()} is its canonical name: options in a fixed form, so that
 * {@code create(model.name())} rebuilds the same machine.
 */
public final class MachineCatalog {

    /** The names and forms a user may give, for help and error messages: those of the {@link MachineRegistry}. */
    public static final String KNOWN = MachineRegistry.known();

    /** The most nodes of {@code flat:N} and {@code buddy:N}: their per-node state must fit the heap. */
    public static final int MAX_NODE_COUNT = 1 << 20;

    /**
     * The most nodes of any machine: the scheduler counts its waiting jobs by the node count they ask for, an int per
     * node of the machine, in the heap of the default 2 GiB.
     */
    public static final int MAX_MACHINE_NODES = 1 << 24;

    private static final String DENY_PASS_THROUGH = "deny-passthrough";

    private static final String SWITCH = "switch";

    private static final String LAYOUT = "layout";

    private static final String DYNAMIC = "dynamic";

    private static final String SUPERNODE = "supernode";

    /** Machines of midplanes loaded so far, with their link-set tables; lookup only. */
    private static final Map<Wiring, BglMachine> LOADED = new ConcurrentHashMap<>();

    private MachineCatalog() {
    }

    /**
     * The machine named {@code spec}.
     *
     * @throws IllegalArgumentException naming the bad spec, what is wrong and the known forms
     */
    public static MachineModel create(String spec) {
        if (spec == null || spec.isBlank())
            throw new IllegalArgumentException("no machine named" + (spec == null ? "" : " in '" + spec + "'")
                    + "; known: " + KNOWN);
        return MachineRegistry.typeOf(spec).factory().apply(spec);
    }

    /**
     * The files of the user's that machine {@code spec} is read from, by what they are: {@code machine_file} (a wiring
     * {@code FILE.conf} or a Paragon site {@code paragon:FILE}) and {@code block_file} ({@code layout=static:FILE} or
     * {@code layout=overlap:FILE}); none for a machine shipped with bgctl. The spec is not checked here.
     */
    public static Map<String, Path> files(String spec) {
        Map<String, Path> files = new LinkedHashMap<>();
        withEachFile(spec, (kind, file) -> {
            files.putIfAbsent(kind, Path.of(file));
            return file;
        });
        return files;
    }

    /**
     * {@code spec} with each file of the user's that it names ({@link #files}) given by its absolute, normalized path,
     * so that the name means the same machine from any working directory; {@code spec} itself when it names none.
     */
    public static String withFilesAbsolute(String spec) {
        return withEachFile(spec, (kind, file) -> Path.of(file).toAbsolutePath().normalize().toString());
    }

    /** {@code spec} with each file it names ({@link #files}) replaced by what {@code file} makes of its kind and name. */
    private static String withEachFile(String spec, BinaryOperator<String> file) {
        if (spec.startsWith(ParagonMachine.FILE_PREFIX))
            return ParagonMachine.FILE_PREFIX
                    + file.apply("machine_file", spec.substring(ParagonMachine.FILE_PREFIX.length()));
        String[] parts = spec.split(",", -1);
        if (parts[0].endsWith(".conf")) parts[0] = file.apply("machine_file", parts[0]);
        for (int i = 1; i < parts.length; i++) {
            int colon = parts[i].indexOf(':');
            if (parts[i].startsWith(LAYOUT + "=") && colon > 0 && colon < parts[i].length() - 1)
                parts[i] = parts[i].substring(0, colon + 1) + file.apply("block_file", parts[i].substring(colon + 1));
        }
        return String.join(",", parts);
    }

    /** {@code flat:N}. */
    static MachineModel flat(String spec) {
        if (spec.contains(",")) throw new IllegalArgumentException("machine '" + spec + "': flat machines take no options");
        return flat(spec, spec.substring("flat:".length()));
    }

    /** A machine of midplanes: a wiring shipped with bgctl or a machine file, and options after a comma. */
    static MachineModel midplanes(String spec) {
        String[] parts = spec.split(",", -1);
        String base = parts[0];
        Wiring wiring = wiring(spec, base);
        Set<Dimension> deny = EnumSet.noneOf(Dimension.class);
        SwitchModel switches = null;
        String layout = null;
        for (int i = 1; i < parts.length; i++) {
            if (parts[i].startsWith(LAYOUT + "=")) {
                if (layout != null) throw new IllegalArgumentException("machine '" + spec + "': " + LAYOUT + " given twice");
                layout = parts[i].substring(LAYOUT.length() + 1);
            } else if (parts[i].startsWith(SWITCH + "=")) {
                if (switches != null) throw new IllegalArgumentException("machine '" + spec + "': " + SWITCH + " given twice");
                switches = switchModel(spec, parts[i].substring(SWITCH.length() + 1));
            } else {
                option(spec, parts[i], deny);
            }
        }
        if (switches == null) switches = SwitchModel.PORTS;
        BglMachine machine = LOADED.computeIfAbsent(wiring,
                w -> BglMachine.of(w, LinkSetCache.fromConfig(BgctlSettings.load()))).withSwitchModel(switches);
        BlockLayout blocks = layout == null || layout.equals(DYNAMIC) ? null : blockLayout(spec, layout, machine, deny);
        return new BglMachineModel(canonicalName(base, deny, switches, blocks), machine, deny, blocks);
    }

    /** {@code static:FILE} or {@code overlap:FILE}: the blocks of the file on {@code machine}. */
    private static BlockLayout blockLayout(String spec, String value, BglMachine machine, Set<Dimension> deny) {
        int colon = value.indexOf(':');
        LayoutMode mode = null;
        for (LayoutMode m : LayoutMode.values()) if (colon > 0 && m.label().equals(value.substring(0, colon))) mode = m;
        if (mode == null || colon == value.length() - 1)
            throw new IllegalArgumentException("machine '" + spec + "': " + LAYOUT + "=" + value + " is not a layout; known: "
                    + LAYOUT + "=" + DYNAMIC + ", " + LAYOUT + "=static:FILE, " + LAYOUT + "=overlap:FILE");
        Path file = Path.of(value.substring(colon + 1));
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("machine '" + spec + "': the block file " + file
                    + " does not exist or is not a file");
        return BlockFile.load(mode, file, machine, deny);
    }

    private static SwitchModel switchModel(String spec, String value) {
        for (SwitchModel m : SwitchModel.values()) if (m.label().equals(value)) return m;
        throw new IllegalArgumentException("machine '" + spec + "': " + SWITCH + "=" + value
                + " is not a switch model; known: " + SWITCH + "=ports, " + SWITCH + "=whole");
    }

    /** Whether {@code base} names a wiring: a machine file, or one shipped on the class path. */
    static boolean isWiring(String base) {
        return base.endsWith(".conf") || (!base.isEmpty()
                && MachineCatalog.class.getClassLoader().getResource(Wiring.RESOURCE_FOLDER + base + ".conf") != null);
    }

    private static MachineModel flat(String spec, String n) {
        try {
            int nodes = Integer.parseInt(n);
            if (nodes > 0) return new FlatMachine(requireAtMostMaxNodes(spec, nodes));
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("machine '" + spec + "': the node count '" + n
                + "' must be a whole number from 1 to " + MAX_NODE_COUNT + ", as in flat:128; known: " + KNOWN);
    }

    /**
     * Refuses a machine of more than {@link #MAX_MACHINE_NODES} nodes.
     *
     * @param what what makes the {@code nodes} nodes, as the message begins, e.g. {@code 8x8x8 supernodes of 4096 nodes}
     * @throws IllegalArgumentException naming them and the limit
     */
    public static void requireAtMostMachineNodes(long nodes, String what) {
        if (nodes > MAX_MACHINE_NODES)
            throw new IllegalArgumentException(what + " are more than the " + MAX_MACHINE_NODES
                    + " nodes a machine may have");
    }

    /**
     * {@code nodes}, the node count of machine {@code spec}, when it is at most {@link #MAX_NODE_COUNT}.
     *
     * @throws IllegalArgumentException naming the machine and the limit
     */
    public static int requireAtMostMaxNodes(String spec, int nodes) {
        if (nodes > MAX_NODE_COUNT)
            throw new IllegalArgumentException("machine '" + spec + "': " + nodes + " nodes are more than the "
                    + MAX_NODE_COUNT + " a machine of node counts may have");
        return nodes;
    }

    /** The wiring of a machine of midplanes: a file of the user's, or one shipped on the class path. */
    private static Wiring wiring(String spec, String base) {
        if (!base.endsWith(".conf")) return Wiring.loadResource(base);
        Path file = Path.of(base);
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("machine '" + spec + "': the machine file " + file
                    + " does not exist or is not a file");
        return Wiring.load(file);
    }

    private static void option(String spec, String option, Set<Dimension> deny) {
        String[] kv = option.split("=", 2);
        if (kv.length != 2 || !kv[0].equals(DENY_PASS_THROUGH))
            throw new IllegalArgumentException("machine '" + spec + "': unknown option '" + option
                    + "'; known: " + DENY_PASS_THROUGH + "=DIMS (DIMS: one or more of x, y, z, e.g. xy), "
                    + SWITCH + "=ports|whole, " + LAYOUT + "=dynamic|static:FILE|overlap:FILE");
        if (!deny.isEmpty()) throw new IllegalArgumentException("machine '" + spec + "': " + DENY_PASS_THROUGH + " given twice");
        if (kv[1].isEmpty())
            throw new IllegalArgumentException("machine '" + spec + "': " + DENY_PASS_THROUGH + " needs dimensions, e.g. x or xy");
        for (char c : kv[1].toCharArray()) {
            Dimension d = switch (c) {
                case 'x' -> Dimension.X;
                case 'y' -> Dimension.Y;
                case 'z' -> Dimension.Z;
                default -> throw new IllegalArgumentException("machine '" + spec + "': '" + c + "' in " + option
                        + " is not a dimension (x, y or z)");
            };
            if (!deny.add(d))
                throw new IllegalArgumentException("machine '" + spec + "': dimension " + c + " listed twice in " + option);
        }
    }

    private static String canonicalName(String base, Set<Dimension> deny, SwitchModel switches, BlockLayout blocks) {
        StringBuilder name = new StringBuilder(base);
        if (!deny.isEmpty()) {
            name.append(',').append(DENY_PASS_THROUGH).append('=');
            for (Dimension d : Dimension.values()) if (deny.contains(d)) name.append(d.label());
        }
        if (switches != SwitchModel.PORTS) name.append(',').append(SWITCH).append('=').append(switches.label());
        if (blocks != null) name.append(',').append(LAYOUT).append('=').append(blocks.label());
        return name.toString();
    }

    /** {@code supernode}, {@code supernode:XxYxZ} or {@code supernode:XxYxZ/N}: the torus's dimensions and the nodes of a supernode. */
    static SupernodeMachine supernode(String spec) {
        if (spec.contains(",")) throw new IllegalArgumentException("machine '" + spec + "': supernode machines take no options");
        if (SUPERNODE.equals(spec)) return SupernodeMachine.blueGeneL();
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

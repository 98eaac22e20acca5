package org.bgctl.machine.bgl;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigOrigin;
import com.typesafe.config.ConfigParseOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineFileError;
import org.bgctl.machine.MachineFileNumbers;
import org.bgctl.machine.Shape;

/**
 * The static description of a machine of midplanes: its size, the nodes of one midplane and the
 * cabling of each dimension's lines. Read from a HOCON machine file:
 *
 * <pre>
 * name = bgl
 * midplanes = [8, 4, 4]            # midplanes along x, y, z
 * nodes-per-midplane = [8, 8, 8]
 * boot { base = 120, per-midplane = 6, free = 60 }   # optional, docs/blocks.md
 * lines {
 *   x = [ {from: 0, out-port: 2, to: 1, in-port: 5}, ... ]
 *   y = [ ... ]
 *   z = ${lines.y}
 * }
 * </pre>
 *
 * A key not named here is refused at its line, not dropped.
 *
 * @param name              the machine's name, as given to {@code --machine}
 * @param midplanes         midplanes per dimension
 * @param nodesPerMidplane  nodes of one midplane per dimension
 * @param x                 the wiring of every x-line
 * @param y                 the wiring of every y-line
 * @param z                 the wiring of every z-line
 */
public record Wiring(String name, Shape midplanes, Shape nodesPerMidplane, LineWiring x, LineWiring y, LineWiring z) {

    /** Where machine files are found on the class path: {@code machines/<name>.conf}. */
    public static final String RESOURCE_FOLDER = "machines/";

    /** The keys of a machine file; {@code boot} is read by {@link BootTimes}. */
    private static final List<String> KEYS = List.of("name", "midplanes", "nodes-per-midplane", "boot", "lines");
    /** The keys of {@code lines}: a dimension each. */
    private static final List<String> LINE_KEYS = List.of("x", "y", "z");
    /** The keys of a cable. */
    private static final List<String> CABLE_KEYS = List.of("from", "out-port", "to", "in-port");

    public Wiring {
        for (Dimension d : Dimension.values())
            if (d.pick(x, y, z).length() != midplanes.extent(d))
                throw new IllegalArgumentException(name + ": the " + d.label() + "-line wiring has "
                        + d.pick(x, y, z).length() + " midplanes but the machine has " + midplanes.extent(d));
    }

    /** The wiring of every line of {@code dimension}. */
    public LineWiring line(Dimension dimension) {
        return dimension.pick(x, y, z);
    }

    /** The machine shipped under {@code machines/<name>.conf} on the class path, e.g. {@code bgl}. */
    public static Wiring loadResource(String name) {
        String resource = RESOURCE_FOLDER + name + ".conf";
        return fromConfig(ConfigFactory.parseResources(Wiring.class.getClassLoader(), resource,
                ConfigParseOptions.defaults().setAllowMissing(false)).resolve());
    }

    /** A machine file of the user's. */
    public static Wiring load(Path file) {
        return fromConfig(ConfigFactory.parseFile(file.toFile(),
                ConfigParseOptions.defaults().setAllowMissing(false)).resolve());
    }

    /**
     * A machine from a resolved config object laid out as in the class description.
     *
     * @throws IllegalArgumentException naming the file and line when the wiring is invalid
     */
    public static Wiring fromConfig(Config machine) {
        try {
            if (!machine.hasPath("midplanes") && machine.hasPath("node-sets"))
                throw new IllegalArgumentException("a Paragon site (node-sets, no midplanes), not a wiring of midplanes:"
                        + " name it as paragon:FILE");
            MachineFileError.requireKnownKeys(machine, "", KEYS);
            if (machine.hasPath("boot"))
                MachineFileError.requireKnownKeys(machine.getConfig("boot"), "boot.", BootTimes.KEYS);
            Shape midplanes = shape(machine, "midplanes");
            Config lines = machine.getConfig("lines");
            MachineFileError.requireKnownKeys(lines, "lines.", LINE_KEYS);
            LineWiring[] wiring = new LineWiring[3];
            for (Dimension d : Dimension.values())
                wiring[d.ordinal()] = lineWiring(lines, d, midplanes.extent(d), machine.getValue("midplanes").origin());
            return new Wiring(machine.getString("name"), midplanes, nodesPerMidplane(machine, midplanes),
                    wiring[0], wiring[1], wiring[2]);
        } catch (ConfigException | IllegalArgumentException e) {
            throw MachineFileError.in(machine, e);
        }
    }

    /** The shape {@code path} gives; a list of other than three positive numbers is named by its line. */
    private static Shape shape(Config machine, String path) {
        List<Integer> extents = MachineFileNumbers.wholeList(machine, path);
        if (extents.size() != 3 || extents.stream().anyMatch(extent -> extent < 1))
            throw MachineFileError.at(machine.getValue(path).origin(),
                    new IllegalArgumentException(path + " needs 3 positive numbers (x, y, z), not " + extents));
        return new Shape(extents.get(0), extents.get(1), extents.get(2));
    }

    /** The nodes of one midplane, all the midplanes' at most the most a machine may have. */
    private static Shape nodesPerMidplane(Config machine, Shape midplanes) {
        Shape nodes = shape(machine, "nodes-per-midplane");
        try {
            MachineCatalog.requireAtMostMachineNodes((long) midplanes.volume() * nodes.x() * nodes.y() * nodes.z(),
                    "nodes-per-midplane: " + midplanes.volume() + " midplanes of " + nodes + " nodes");
        } catch (IllegalArgumentException e) {
            throw MachineFileError.at(machine.getValue("nodes-per-midplane").origin(), e);
        }
        return nodes;
    }

    /** The wiring of {@code d}'s lines, of {@code length} midplanes each as the machine's size ({@code size}) says. */
    private static LineWiring lineWiring(Config lines, Dimension d, int length, ConfigOrigin size) {
        List<Cable> cables = new ArrayList<>();
        List<? extends Config> entries = lines.getConfigList(d.label());
        for (Config c : entries) {
            MachineFileError.requireKnownKeys(c, "lines." + d.label() + "[].", CABLE_KEYS);
            cables.add(new Cable(MachineFileNumbers.whole(c, "from"), MachineFileNumbers.whole(c, "out-port"),
                    MachineFileNumbers.whole(c, "to"), MachineFileNumbers.whole(c, "in-port")));
        }
        try {
            return new LineWiring(length, cables);
        } catch (LineWiring.BadCable e) {
            throw MachineFileError.at(entries.get(e.cable()), new IllegalArgumentException(d.label() + "-lines: " + e.getMessage(), e));
        } catch (IllegalArgumentException e) {
            throw MachineFileError.at(size, new IllegalArgumentException(d.label() + "-lines: " + e.getMessage(), e));
        }
    }
}

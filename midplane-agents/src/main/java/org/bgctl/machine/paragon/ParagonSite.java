package org.bgctl.machine.paragon;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigUtil;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.bgctl.machine.Block;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineFileError;
import org.bgctl.machine.MachineFileNumbers;

/**
 * The static description of a Paragon site (Wan et al., section 2.2): the mesh, its node sets,
 * the node groups per period, and prime time; read from a HOCON machine file:
 *
 * <pre>
 * mesh { width = 16, height = 23 }
 * node-sets = [ {id = ns-1, x = 0, y = 0, width = 16, height = 7, memory-mb = 16}, ... ]
 * prime-time { start = "09:00", end = "17:00", days = [MONDAY, TUESDAY, WEDNESDAY, THURSDAY, FRIDAY] }
 * node-groups { thin { prime = [ns-1, ns-2], non-prime = [ns-1, ns-2, ns-3] }, ... }
 * nqs { ... }      # the batch system's queues, read by the NQS scheduler
 * </pre>
 *
 * A key not named here is refused at its line, not dropped.
 */
public final class ParagonSite {

    /** Where machine files are found on the class path: {@code machines/<name>.conf}. */
    private static final String RESOURCE_FOLDER = "machines/";

    /** The keys of a Paragon site file; {@code nqs} is read by the NQS scheduler. */
    private static final List<String> KEYS = List.of("mesh", "node-sets", "prime-time", "node-groups", "nqs");
    private static final List<String> MESH_KEYS = List.of("width", "height");
    private static final List<String> NODE_SET_KEYS = List.of("id", "x", "y", "width", "height", "memory-mb");
    private static final List<String> PRIME_TIME_KEYS = List.of("start", "end", "days");
    private static final List<String> NODE_GROUP_KEYS = List.of("prime", "non-prime");

    private final List<NodeSetSpec> nodeSets;
    private final Map<String, NodeGroup> groups;
    private final PrimeTime primeTime;
    private final Config config;

    private ParagonSite(List<NodeSetSpec> nodeSets, Map<String, NodeGroup> groups, PrimeTime primeTime,
                        Config config) {
        this.nodeSets = List.copyOf(nodeSets);
        this.groups = Collections.unmodifiableMap(groups);
        this.primeTime = primeTime;
        this.config = config;
    }

    /** The site shipped as {@code machines/<name>.conf} on the class path, e.g. {@code paragon-sdsc}. */
    public static ParagonSite loadResource(String name) {
        return fromConfig(ConfigFactory.parseResources(ParagonSite.class.getClassLoader(),
                RESOURCE_FOLDER + name + ".conf", ConfigParseOptions.defaults().setAllowMissing(false)).resolve());
    }

    /** A site described by a user's machine file. */
    public static ParagonSite load(Path file) {
        return fromConfig(ConfigFactory.parseFile(file.toFile(),
                ConfigParseOptions.defaults().setAllowMissing(false)).resolve());
    }

    /**
     * A site from a resolved config object laid out as in the class description.
     *
     * @throws IllegalArgumentException naming the file and what is wrong
     */
    public static ParagonSite fromConfig(Config c) {
        try {
            if (!c.hasPath("mesh") && c.hasPath("midplanes"))
                throw new IllegalArgumentException("a wiring of midplanes (midplanes, no mesh), not a Paragon site:"
                        + " name the file itself as the machine (FILE.conf)");
            MachineFileError.requireKnownKeys(c, "", KEYS);
            List<NodeSetSpec> sets = nodeSets(c, mesh(c));
            List<String> ids = new ArrayList<>();
            for (NodeSetSpec s : sets) ids.add(s.id());
            Map<String, NodeGroup> groups = new TreeMap<>();
            Config g = c.getConfig("node-groups");
            for (String group : new TreeMap<>(g.root()).keySet()) {
                Config gc = g.getConfig(ConfigUtil.joinPath(group));
                MachineFileError.requireKnownKeys(gc, "node-groups." + group + ".", NODE_GROUP_KEYS);
                try {
                    groups.put(group, new NodeGroup(group, members(gc, "prime", group, ids),
                            members(gc, "non-prime", group, ids)));
                } catch (IllegalArgumentException e) {
                    throw MachineFileError.at(gc, e);
                }
            }
            if (groups.isEmpty()) throw new IllegalArgumentException("node-groups is empty");
            Config prime = c.getConfig("prime-time");
            MachineFileError.requireKnownKeys(prime, "prime-time.", PRIME_TIME_KEYS);
            try {
                return new ParagonSite(sets, groups, primeTime(prime), c);
            } catch (IllegalArgumentException e) {
                throw MachineFileError.at(prime, e);
            }
        } catch (ConfigException | IllegalArgumentException e) {
            throw MachineFileError.in(c, e);
        }
    }

    /** The mesh, of at most the nodes a machine may have; a mistake is named at its line. */
    private static Block mesh(Config c) {
        MachineFileError.requireKnownKeys(c.getConfig("mesh"), "mesh.", MESH_KEYS);
        try {
            Block mesh = new Block(0, 0, MachineFileNumbers.whole(c, "mesh.width"), MachineFileNumbers.whole(c, "mesh.height"));
            MachineCatalog.requireAtMostMachineNodes((long) mesh.width() * mesh.height(),
                    "mesh: " + mesh.width() + "x" + mesh.height() + " nodes");
            return mesh;
        } catch (IllegalArgumentException e) {
            throw MachineFileError.at(c.getValue("mesh").origin(), e);
        }
    }

    private static List<NodeSetSpec> nodeSets(Config c, Block mesh) {
        List<NodeSetSpec> sets = new ArrayList<>();
        for (Config s : c.getConfigList("node-sets")) {
            MachineFileError.requireKnownKeys(s, "node-sets[].", NODE_SET_KEYS);
            try {
                sets.add(nodeSet(s, mesh, sets));
            } catch (IllegalArgumentException e) {
                throw MachineFileError.at(s, e);
            }
        }
        if (sets.isEmpty()) throw new IllegalArgumentException("node-sets is empty");
        return sets;
    }

    private static NodeSetSpec nodeSet(Config s, Block mesh, List<NodeSetSpec> sets) {
        String id = s.getString("id");
        Block area = new Block(MachineFileNumbers.whole(s, "x"), MachineFileNumbers.whole(s, "y"),
                MachineFileNumbers.whole(s, "width"), MachineFileNumbers.whole(s, "height"));
        if (!mesh.contains(area))
            throw new IllegalArgumentException("node set " + id + " " + area + " lies outside the mesh " + mesh);
        int memory = MachineFileNumbers.whole(s, "memory-mb");
        if (memory <= 0)
            throw new IllegalArgumentException("node set " + id + ": memory-mb must be positive, was " + memory);
        for (NodeSetSpec other : sets) {
            if (other.id().equals(id)) throw new IllegalArgumentException("node set " + id + " is defined twice");
            if (other.area().overlaps(area))
                throw new IllegalArgumentException("node sets " + other.id() + " and " + id + " overlap");
        }
        return new NodeSetSpec(id, area, memory);
    }

    private static List<String> members(Config group, String period, String name, List<String> ids) {
        List<String> members = group.getStringList(period);
        for (int i = 0; i < members.size(); i++) {
            String m = members.get(i);
            if (!ids.contains(m))
                throw new IllegalArgumentException("node group " + name + " (" + period + ") names node set '" + m
                        + "'; known: " + String.join(", ", ids));
            if (members.subList(0, i).contains(m))
                throw new IllegalArgumentException("node group " + name + " (" + period + ") lists " + m + " twice");
        }
        return members;
    }

    private static PrimeTime primeTime(Config p) {
        Set<DayOfWeek> days = EnumSet.noneOf(DayOfWeek.class);
        for (String d : p.getStringList("days")) {
            try {
                days.add(DayOfWeek.valueOf(d.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("prime-time.days: '" + d + "' is not a day of the week", e);
            }
        }
        return new PrimeTime(time(p, "start"), time(p, "end"), days);
    }

    private static LocalTime time(Config p, String key) {
        String value = p.getString(key);
        try {
            return LocalTime.parse(value);
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("prime-time." + key + ": '" + value
                    + "' is not a time such as 09:00", e);
        }
    }

    /** The node sets, in the file's order. */
    public List<NodeSetSpec> nodeSets() {
        return nodeSets;
    }

    /**
     * The node group {@code name}.
     *
     * @throws IllegalArgumentException naming the group and the known ones
     */
    public NodeGroup group(String name) {
        NodeGroup g = groups.get(name);
        if (g == null) throw new IllegalArgumentException("no node group '" + name + "'; known: "
                + String.join(", ", groups.keySet()));
        return g;
    }

    public PrimeTime primeTime() {
        return primeTime;
    }

    /** The whole machine file, for settings that belong to the site's batch system (its {@code nqs} section). */
    public Config config() {
        return config;
    }
}

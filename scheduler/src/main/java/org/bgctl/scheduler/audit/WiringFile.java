package org.bgctl.scheduler.audit;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A machine of midplanes as its machine file ({@code config/machines/*.conf}) wires it, read here on its own — not
 * through the scheduler's machine model — so that the {@link WiringAudit} checks the model against the file.
 *
 * @param extent midplanes along x, y and z
 * @param lines  per dimension (x, y, z), the directed cables of one line, in file order: a cable's index is its
 *               position in this list, as partition names give it
 */
public record WiringFile(List<Integer> extent, List<List<Cable>> lines) {

    /** Dimension labels, in the order of {@link #extent} and {@link #lines}. */
    static final String LABELS = "xyz";

    /** A cable of a line: it leaves the switch at position {@code from} at {@code outPort}, enters {@code to} at {@code inPort}. */
    public record Cable(int from, int outPort, int to, int inPort) {
    }

    public WiringFile {
        extent = List.copyOf(extent);
        lines = List.copyOf(lines);
    }

    /**
     * The wiring of machine {@code spec} as a run names it ({@code bgl}, {@code torus-bgl,deny-passthrough=x}, or a
     * {@code .conf} file, options after a comma), or empty when it is not a machine of midplanes with a wiring file.
     */
    public static Optional<WiringFile> forMachine(String spec) {
        String base = spec.split(",", 2)[0];
        Config config;
        ConfigParseOptions strict = ConfigParseOptions.defaults().setAllowMissing(false);
        try {
            if (base.endsWith(".conf") && Files.isRegularFile(Path.of(base)))
                config = ConfigFactory.parseFile(Path.of(base).toFile(), strict).resolve();
            else if (!base.isEmpty() && WiringFile.class.getClassLoader().getResource("machines/" + base + ".conf") != null)
                config = ConfigFactory.parseResources(WiringFile.class.getClassLoader(), "machines/" + base + ".conf",
                        strict).resolve();
            else
                return Optional.empty();
        } catch (ConfigException e) {
            throw new IllegalArgumentException("machine file of " + spec + ": " + e.getMessage(), e);
        }
        return config.hasPath("lines") ? Optional.of(of(config)) : Optional.empty();
    }

    /** The wiring a machine file's configuration describes ({@code midplanes}, {@code lines.x|y|z}). */
    public static WiringFile of(Config config) {
        List<Integer> midplanes = config.getIntList("midplanes");
        if (midplanes.size() != 3) throw new IllegalArgumentException("midplanes must list 3 extents, not " + midplanes);
        List<List<Cable>> lines = new ArrayList<>();
        for (char d : LABELS.toCharArray()) {
            List<Cable> cables = new ArrayList<>();
            for (Config c : config.getConfigList("lines." + d))
                cables.add(new Cable(c.getInt("from"), c.getInt("out-port"), c.getInt("to"), c.getInt("in-port")));
            lines.add(cables);
        }
        return new WiringFile(midplanes, lines);
    }
}

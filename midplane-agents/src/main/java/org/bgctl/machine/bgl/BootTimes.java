package org.bgctl.machine.bgl;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.machine.MachineCapability;
import org.bgctl.machine.MachineFileError;
import org.bgctl.machine.MachineRegistry;

/**
 * The boot times of a machine of midplanes, from the {@code boot} block of its machine file
 * ({@code boot { base = S, per-midplane = S, free = S }}): a block of m midplanes boots for base + per-midplane × m
 * seconds, and is freed {@code free} seconds after its job finished (0 when the block does not say; docs/blocks.md).
 *
 * @param base             seconds every boot takes
 * @param perMidplane      seconds each midplane adds
 * @param nodesPerMidplane nodes of one midplane
 * @param free             seconds a block takes to be freed once its job finished
 */
public record BootTimes(long base, long perMidplane, int nodesPerMidplane, long free) {

    /** The keys of a boot block. */
    static final List<String> KEYS = List.of("base", "per-midplane", "free");

    /**
     * The boot times of the machine named {@code spec} ({@code bgl}, {@code bgl,switch=whole}, a machine file
     * {@code FILE.conf[,options]}).
     *
     * @throws IllegalArgumentException when the machine is not one of midplanes, or its file has no boot block
     */
    public static BootTimes of(String spec) {
        if (!MachineRegistry.typeOf(spec).has(MachineCapability.SWITCHES))
            throw new IllegalArgumentException("machine '" + spec + "' boots no blocks: only machines of midplanes do");
        String base = spec.split(",", -1)[0];
        Config file = base.endsWith(".conf")
                ? ConfigFactory.parseFile(Path.of(base).toFile(), ConfigParseOptions.defaults().setAllowMissing(false))
                : ConfigFactory.parseResources(BootTimes.class.getClassLoader(), Wiring.RESOURCE_FOLDER + base + ".conf");
        file = file.resolve();
        if (!file.hasPath("boot"))
            throw new IllegalArgumentException("machine '" + spec + "': its machine file has no boot block"
                    + " (boot { base = S, per-midplane = S }, docs/blocks.md)");
        try {
            // the wiring first: it refuses a key the file does not know, in the boot block too
            Wiring wiring = Wiring.fromConfig(file);
            Config boot = file.getConfig("boot");
            long baseSeconds = seconds(boot, "base");
            long perMidplane = seconds(boot, "per-midplane");
            long free = boot.hasPath("free") ? seconds(boot, "free") : 0;
            return new BootTimes(baseSeconds, perMidplane, wiring.nodesPerMidplane().volume(), free);
        } catch (ConfigException | IllegalArgumentException e) {
            throw MachineFileError.in(file, e);
        }
    }

    /** The most seconds a boot time may be: a year, far beyond any boot, and far inside a run's time. */
    static final long MAX_SECONDS = 365L * 86_400;

    /**
     * The seconds the boot block's {@code key} gives; a number that is negative, not whole or above
     * {@link #MAX_SECONDS} is named by its line.
     */
    private static long seconds(Config boot, String key) {
        Number given = boot.getNumber(key);
        double value = given.doubleValue();
        String why = value < 0 ? "must not be negative" : value != Math.rint(value) ? "must be whole seconds"
                : value > MAX_SECONDS ? "must be at most " + MAX_SECONDS + " s (a year)" : null;
        if (why != null)
            throw MachineFileError.at(boot.getValue(key).origin(),
                    new IllegalArgumentException("boot." + key + " " + why + ", was " + given));
        return given.longValue();
    }
}

package org.bgctl.sweep;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigList;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Supplier;
import org.bgctl.run.ReplayParameters;

/**
 * Reads a sweep file (HOCON, e.g. {@code config/experiments/flat-load.conf}):
 * <pre>
 * name = flat-load                       # default: the file name without .conf
 * base { trace = "t.swf", machine = "flat:128", first_jobs = 10000 }
 * axes = [
 *   "scheduler=fcfs,easy,conservative"   # the --axis syntax, or
 *   { parameter = runtime_coefficient, values = "0.7:1.4:0.1" }   # values: a list, or items as text
 * ]
 * plots = [ { x = utilization, y = mean_wait_s, series = scheduler, title = "...", name = "...", log_y = true } ]
 * </pre>
 * Keys of {@code base} and {@code parameter} are replay parameter names
 * ({@link ReplayParameters#known()}). Unknown keys are errors, so a typo never passes silently.
 */
public final class SweepConfig {

    private static final Set<String> TOP_KEYS = Set.of("name", "base", "axes", "plots");
    private static final Set<String> AXIS_KEYS = Set.of("parameter", "values");
    private static final Set<String> PLOT_KEYS = Set.of("x", "y", "series", "title", "name", "log_y");

    private SweepConfig() {
    }

    /**
     * The sweep a file describes.
     *
     * @throws IOException when the file cannot be read
     * @throws IllegalArgumentException naming the file and what is wrong in it
     */
    public static SweepSpec read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) throw new IOException("sweep file " + file + " does not exist or is not a file");
        String stem = file.getFileName().toString().replaceFirst("\\.conf$", "");
        try {
            Config config = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false))
                    .resolve();
            return parse(config, stem);
        } catch (ConfigException | IllegalArgumentException e) {
            // HOCON's own messages begin with the file already ("FILE: 2: axes has type STRING ...")
            String message = e.getMessage().startsWith(file + ": ") ? e.getMessage() : file + ": " + e.getMessage();
            throw new IllegalArgumentException(message, e);
        }
    }

    /** The sweep {@code config} describes, named {@code defaultName} unless it has a name. */
    static SweepSpec parse(Config config, String defaultName) {
        checkKeys("the sweep file", config.root(), TOP_KEYS);
        String name = config.hasPath("name") ? config.getString("name") : defaultName;
        SweepSpec spec = SweepSpec.named(name);
        // By parameter, the key of base that sets it.
        Map<String, String> setBy = new HashMap<>();
        ConfigObject base = config.hasPath("base") ? config.getObject("base") : null;
        if (base != null) {
            for (String key : new TreeSet<>(base.keySet())) {
                String value = scalar("base." + key, base.get(key));
                SweepSpec before = spec;
                spec = atLineOf(base.get(key), () -> before.withSet(key, value, place(base.get(key))));
                String parameter = ReplayParameters.parameter(key).key();
                String first = setBy.putIfAbsent(parameter, key);
                if (first != null)
                    throw new IllegalArgumentException("base: " + key + " (line " + base.get(key).origin().lineNumber()
                            + ") sets " + parameter + " again, after " + first + " (line "
                            + base.get(first).origin().lineNumber() + "); give it one value");
            }
        }
        if (config.hasPath("axes")) {
            Set<String> swept = new TreeSet<>();
            for (ConfigValue value : config.getList("axes")) {
                Axis axis = axis(value);
                if (!swept.add(axis.parameter()))
                    throw new IllegalArgumentException("axes: a second axis of " + axis.parameter() + " (line "
                            + value.origin().lineNumber() + "); give each parameter one axis, with all its values");
                String inBase = setBy.get(axis.parameter());
                if (inBase != null)
                    throw new IllegalArgumentException("axes: the axis of " + axis.parameter() + " (line "
                            + value.origin().lineNumber() + ") sweeps what base sets (" + inBase + ", line "
                            + base.get(inBase).origin().lineNumber() + "); give it either one value in base or an axis");
                spec = spec.withAxis(axis, place(value));
            }
        }
        List<PlotSpec> plots = new ArrayList<>();
        if (config.hasPath("plots"))
            for (ConfigValue plot : config.getList("plots")) plots.add(plot(plot));
        return new SweepSpec(spec.name(), spec.base(), spec.axes(), plots, spec.givenAt());
    }

    private static Axis axis(ConfigValue value) {
        if (value.valueType() == ConfigValueType.STRING)
            return atLineOf(value, () -> Axis.parse((String) value.unwrapped()));
        if (value.valueType() != ConfigValueType.OBJECT)
            throw new IllegalArgumentException("an axis must be \"PARAMETER=VALUES\" or { parameter = ..., values = ... }"
                    + " (line " + value.origin().lineNumber() + ")");
        ConfigObject object = (ConfigObject) value;
        checkKeys("an axis", object, AXIS_KEYS);
        String parameter = scalar("axis parameter", required(object, "parameter"));
        ConfigValue values = required(object, "values");
        if (values.valueType() == ConfigValueType.LIST) {
            List<String> items = new ArrayList<>();
            for (ConfigValue v : (ConfigList) values) items.add(scalar("axis " + parameter, v));
            return atLineOf(object, () -> {
                List<String> list = new ArrayList<>();
                for (String item : items) list.addAll(Axis.expand(item));
                return new Axis(parameter, list);
            });
        }
        String items = scalar("axis " + parameter, values);
        return atLineOf(object, () -> Axis.of(parameter, items));
    }

    /**
     * What {@code step} makes of {@code value}; a mistake it finds (an unknown parameter, a bad range, a
     * repeated value) is told with the line of {@code value} in front ({@code line 4: unknown replay parameter ...}),
     * before a list of known names can bury it.
     */
    private static <T> T atLineOf(ConfigValue value, Supplier<T> step) {
        try {
            return step.get();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("line " + value.origin().lineNumber() + ": " + e.getMessage(), e);
        }
    }

    private static PlotSpec plot(ConfigValue value) {
        if (value.valueType() != ConfigValueType.OBJECT)
            throw new IllegalArgumentException("a plot must be { x = ..., y = ... } (line "
                    + value.origin().lineNumber() + ")");
        ConfigObject object = (ConfigObject) value;
        checkKeys("a plot", object, PLOT_KEYS);
        List<String> series = null;
        ConfigValue s = object.get("series");
        if (s != null && s.valueType() == ConfigValueType.LIST) {
            series = new ArrayList<>();
            for (ConfigValue v : (ConfigList) s) series.add(scalar("plot series", v));
        } else if (s != null) {
            series = List.of(scalar("plot series", s));
        }
        ConfigValue logY = object.get("log_y");
        if (logY != null && logY.valueType() != ConfigValueType.BOOLEAN)
            throw new IllegalArgumentException("plot log_y must be true or false (line " + logY.origin().lineNumber() + ")");
        return new PlotSpec(scalar("plot x", required(object, "x")), scalar("plot y", required(object, "y")), series,
                optional(object, "title"), optional(object, "name"), logY != null && (Boolean) logY.unwrapped(),
                place(value));
    }

    /** Where {@code value} is: {@code FILE line N}. */
    private static String place(ConfigValue value) {
        return (value.origin().filename() != null ? value.origin().filename() + " " : "") + "line "
                + value.origin().lineNumber();
    }

    private static ConfigValue required(ConfigObject object, String key) {
        ConfigValue v = object.get(key);
        if (v == null)
            throw new IllegalArgumentException("'" + key + "' missing (line " + object.origin().lineNumber() + ")");
        return v;
    }

    private static String optional(ConfigObject object, String key) {
        ConfigValue v = object.get(key);
        return v == null ? null : scalar(key, v);
    }

    /**
     * A string, number or boolean as text. HOCON reads numbers as numbers ({@code 1.50} becomes
     * {@code 1.5}, {@code 1.0} becomes {@code 1}): quote a value to keep its exact text.
     */
    private static String scalar(String what, ConfigValue value) {
        return switch (value.valueType()) {
            case STRING -> (String) value.unwrapped();
            case NUMBER, BOOLEAN -> String.valueOf(value.unwrapped());
            default -> throw new IllegalArgumentException(what + " must be a single value, not "
                    + value.valueType().name().toLowerCase() + " (line " + value.origin().lineNumber() + ")");
        };
    }

    private static void checkKeys(String what, ConfigObject object, Set<String> known) {
        for (String key : new TreeSet<>(object.keySet()))
            if (!known.contains(key))
                throw new IllegalArgumentException(what + " has an unknown key '" + key + "' (line "
                        + object.get(key).origin().lineNumber() + "); known: " + String.join(", ", new TreeSet<>(known)));
    }
}

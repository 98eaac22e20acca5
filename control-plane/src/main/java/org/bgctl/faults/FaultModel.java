package org.bgctl.faults;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigParseOptions;
import com.typesafe.config.ConfigValue;
import com.typesafe.config.ConfigValueType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * A random fault model: a {@link FailureLaw} for each kind of component that fails. A fault model
 * file (HOCON) has one block per kind:
 * <pre>
 * midplane { ttf = "exponential(2592000)", ttr = "exponential(14400)" }
 * cable    { ttf = "weibull(0.7, 8000000)", ttr = "exponential(3600)" }
 * </pre>
 * Kinds are {@code midplane}, {@code switch}, {@code cable} and {@code node}; times are in seconds.
 */
public final class FaultModel {

    /** No random faults. */
    public static final FaultModel NONE = new FaultModel(new EnumMap<>(ComponentKind.class),
            new EnumMap<>(ComponentKind.class));

    private final Map<ComponentKind, FailureLaw> laws;
    /** Where each law was given, as a message names it: its file and line, or its option. */
    private final Map<ComponentKind, String> givenAt;

    private FaultModel(EnumMap<ComponentKind, FailureLaw> laws, EnumMap<ComponentKind, String> givenAt) {
        this.laws = Collections.unmodifiableMap(laws);
        this.givenAt = givenAt;
    }

    /** The laws, in kind order. */
    public Map<ComponentKind, FailureLaw> laws() {
        return laws;
    }

    /** Whether any kind fails. */
    public boolean any() {
        return !laws.isEmpty();
    }

    /** This model with {@code kind} failing by {@code law} instead, a law given by its option {@code --fault-KIND}. */
    public FaultModel with(ComponentKind kind, FailureLaw law) {
        return with(kind, law, "--fault-" + kind.label());
    }

    private FaultModel with(ComponentKind kind, FailureLaw law, String where) {
        EnumMap<ComponentKind, FailureLaw> copy = new EnumMap<>(ComponentKind.class);
        copy.putAll(laws);
        copy.put(kind, law);
        EnumMap<ComponentKind, String> places = new EnumMap<>(ComponentKind.class);
        places.putAll(givenAt);
        places.put(kind, where);
        return new FaultModel(copy, places);
    }

    /** Where the law of {@code kind} was given, as a message names it: {@code fault model FILE: 3: cable}, or {@code --fault-cable}. */
    public String givenAt(ComponentKind kind) {
        return givenAt.get(kind);
    }

    /**
     * The model of a fault model file.
     *
     * @throws IllegalArgumentException naming the file, the line, the setting and what is wrong
     */
    public static FaultModel read(Path file) {
        if (Files.isDirectory(file))
            throw new IllegalArgumentException("fault model " + file + ": a directory, not a fault model file");
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException("fault model " + file + ": no such file");
        Config config;
        try {
            config = ConfigFactory.parseFile(file.toFile(), ConfigParseOptions.defaults().setAllowMissing(false)).resolve();
        } catch (ConfigException e) {
            // HOCON's own message begins with the file already ("FILE: 3: Expecting a value ...")
            String message = e.getMessage().startsWith(file + ": ") ? e.getMessage().substring(file.toString().length() + 2)
                    : e.getMessage();
            throw new IllegalArgumentException("fault model " + file + ": " + message, e);
        }
        FaultModel model = NONE;
        for (Map.Entry<String, ConfigValue> entry : new LinkedHashMap<>(config.root()).entrySet()) {
            String key = entry.getKey();
            String where = "fault model " + file + ": " + line(entry.getValue()) + key;
            ComponentKind kind;
            try {
                kind = ComponentKind.parse(key);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
            if (entry.getValue().valueType() != ConfigValueType.OBJECT)
                throw new IllegalArgumentException(where + ": expected a block { ttf = \"...\", ttr = \"...\" }");
            Config block = config.getConfig(key);
            Set<String> unknown = new TreeSet<>(block.root().keySet());
            unknown.removeAll(Set.of("ttf", "ttr"));
            if (!unknown.isEmpty())
                throw new IllegalArgumentException(where + ": unknown settings " + unknown + "; known: ttf, ttr");
            String prefix = "fault model " + file + ": ";
            model = model.with(kind, new FailureLaw(distribution(block, "ttf", prefix, key),
                    distribution(block, "ttr", prefix, key)), where);
        }
        return model;
    }

    /**
     * "N: ", the line of the file {@code value} stands on; "" for a value without one, which a substitution
     * (${HOME}, an environment variable) brought in, and whose setting the message names all the same.
     */
    private static String line(ConfigValue value) {
        int line = value.origin().lineNumber();
        return line > 0 ? line + ": " : "";
    }

    /** The law {@code key} of {@code kind}'s block; an error names its line (the block's when it is missing). */
    private static Distribution distribution(Config block, String key, String prefix, String kind) {
        if (!block.hasPath(key))
            throw new IllegalArgumentException(prefix + line(block.root()) + kind + "." + key
                    + " is missing (" + kind + " = { ttf = \"...\", ttr = \"...\" })");
        ConfigValue value = block.getValue(key);
        String where = prefix + line(value) + kind + "." + key + ": ";
        try {
            return Distribution.parse(block.getString(key));
        } catch (ConfigException e) {
            // the library's message starts with the file and line again
            throw new IllegalArgumentException(where + "not a string ("
                    + value.valueType().name().toLowerCase(Locale.ROOT) + ")", e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + e.getMessage(), e);
        }
    }

    /** Kind to {@code TTF/TTR}, for summary.json. */
    public Map<String, String> asText() {
        Map<String, String> m = new LinkedHashMap<>();
        laws.forEach((kind, law) -> m.put(kind.label(), law.text()));
        return m;
    }
}

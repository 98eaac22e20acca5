package org.bgctl.run;

import java.util.Locale;
import java.util.Objects;
import java.util.function.BiConsumer;

/**
 * One replay setting that can be given by name — in a {@link ReplayParameters} map, as a
 * sweep's base value or axis, or as a {@code replay} option — and how its text value applies to
 * a replay.
 */
public final class ReplayParameter {

    private final String key;
    /** The {@code replay} option that sets it (e.g. {@code --runtime-coefficient}), also accepted as its name. */
    private final String option;
    private final String description;
    private final BiConsumer<ReplaySpecBuilder, String> setter;

    ReplayParameter(String key, String option, String description, BiConsumer<ReplaySpecBuilder, String> setter) {
        this.key = Objects.requireNonNull(key, "key");
        this.option = Objects.requireNonNull(option, "option");
        this.description = Objects.requireNonNull(description, "description");
        this.setter = Objects.requireNonNull(setter, "setter");
    }

    /** The snake_case name, as in summary.json (e.g. {@code runtime_coefficient}). */
    public String key() {
        return key;
    }

    /** What it means and which values it takes. */
    public String description() {
        return description;
    }

    /** True when {@code name} is the key, or the option with or without dashes, in either spelling of separators. */
    boolean isNamed(String name) {
        String n = normalize(name);
        return n.equals(key) || n.equals(normalize(option));
    }

    /**
     * Applies {@code value} to {@code spec}.
     *
     * @throws IllegalArgumentException naming this parameter and the bad value
     */
    void apply(ReplaySpecBuilder spec, String value) {
        try {
            setter.accept(spec, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + " = '" + value + "': " + e.getMessage(), e);
        }
    }

    private static String normalize(String name) {
        String n = name.startsWith("--") ? name.substring(2) : name;
        return n.replace('-', '_').toLowerCase(Locale.ROOT);
    }

    @Override
    public String toString() {
        return key;
    }
}

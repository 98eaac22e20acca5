package org.bgctl.run;

import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.function.BiConsumer;

/**
 * One run setting that can be given by name — in a {@link ReplayParameters} map, as a sweep's base
 * value or axis, or as an option of {@code replay} and {@code serve} — and how its text value applies
 * to a run.
 */
public final class ReplayParameter {

    private final String key;
    /** The {@code replay} option that sets it (e.g. {@code --runtime-coefficient}), also accepted as its name. */
    private final String option;
    /** The option's value placeholder in help (e.g. {@code K}), or null for a flag that takes no value. */
    private final String label;
    private final String description;
    private final BiConsumer<ReplaySpecBuilder, String> setter;
    private final boolean traceOnly;

    ReplayParameter(String key, String option, String label, String description,
                    BiConsumer<ReplaySpecBuilder, String> setter) {
        this(key, option, label, description, setter, false);
    }

    ReplayParameter(String key, String option, String label, String description,
                    BiConsumer<ReplaySpecBuilder, String> setter, boolean traceOnly) {
        this.key = Objects.requireNonNull(key, "key");
        this.option = Objects.requireNonNull(option, "option");
        this.label = label;
        this.description = Objects.requireNonNull(description, "description");
        this.setter = Objects.requireNonNull(setter, "setter");
        this.traceOnly = traceOnly;
    }

    /** The snake_case name, as in summary.json (e.g. {@code runtime_coefficient}). */
    public String key() {
        return key;
    }

    /** The command-line option that sets it, e.g. {@code --runtime-coefficient}. */
    public String option() {
        return option;
    }

    /** The option's value placeholder in help, e.g. {@code K}; empty for a flag (its value: true when given). */
    public Optional<String> label() {
        return Optional.ofNullable(label);
    }

    /** What it means and which values it takes. */
    public String description() {
        return description;
    }

    /**
     * Whether it only selects or transforms the jobs read from a trace: a live run fed no trace has nothing for it to
     * change.
     */
    public boolean traceOnly() {
        return traceOnly;
    }

    /** True when {@code name} is the key, or the option with or without dashes, in either spelling of separators. */
    boolean isNamed(String name) {
        String n = normalize(name);
        return n.equals(key) || n.equals(normalize(option));
    }

    /**
     * Applies {@code value} to {@code spec}.
     *
     * @throws IllegalArgumentException naming this parameter by its option, as a person types it, and the bad value
     */
    void apply(ReplaySpecBuilder spec, String value) {
        try {
            setter.accept(spec, value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + " '" + value + "': " + e.getMessage(), e);
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

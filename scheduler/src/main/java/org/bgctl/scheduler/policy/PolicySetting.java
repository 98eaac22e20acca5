package org.bgctl.scheduler.policy;

import com.typesafe.config.Config;
import java.util.Objects;
import java.util.function.DoublePredicate;
import org.bgctl.scheduler.TimeBounds;

/**
 * One typed parameter of a scheduler: what {@code replay}, {@code serve} and {@code sweep} accept for it, where
 * its default lives in reference.conf, and which values are valid.
 *
 * @param key         the snake_case name: a sweep's and summary.json's parameter name (e.g. {@code pfcfs_threshold});
 *                    the command-line option is derived from it ({@link #option()})
 * @param configPath  where its default lives, e.g. {@code bgctl.policy.pfcfs.threshold}
 * @param label       the option's value placeholder in help, e.g. {@code X}
 * @param type        how its text is read
 * @param summaryKey  its name under summary.json's {@code scheduler_settings}; a dot nests it
 *                    ({@code pfcfs.wide_percent})
 * @param description what it means, one line
 * @param rule        which values are valid
 */
public record PolicySetting(String key, String configPath, String label, SettingType type, String summaryKey,
                            String description, Rule rule) {

    public PolicySetting {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(configPath, "configPath");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(summaryKey, "summaryKey");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(rule, "rule");
        if (!key.matches("[a-z][a-z0-9_]*")) throw new IllegalArgumentException("setting key '" + key + "' must be snake_case");
    }

    /** The command-line option, e.g. {@code --pfcfs-threshold}. */
    public String option() {
        return "--" + key.replace('_', '-');
    }

    /**
     * The value of {@code text}, checked against the rule.
     *
     * @throws IllegalArgumentException saying what is wrong with it (the caller names the setting)
     */
    public Object parse(String text) {
        Object value = type.parse().apply(text);
        if (value instanceof Number n) rule.check(n.doubleValue(), value);
        return value;
    }

    /**
     * The default, read from {@code config} at {@link #configPath()}.
     *
     * @throws IllegalArgumentException when reference.conf has no valid default for it
     */
    public Object defaultValue(Config config) {
        if (!config.hasPath(configPath))
            throw new IllegalArgumentException("setting " + key + " has no default at " + configPath
                    + " in reference.conf");
        try {
            return parse(config.getString(configPath));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(configPath + " = '" + config.getString(configPath) + "': "
                    + e.getMessage(), e);
        }
    }

    /**
     * Which numbers a setting accepts.
     *
     * @param test      true for a valid value
     * @param statement the rule as a sentence, e.g. "the boot delay must not be negative"
     */
    public record Rule(DoublePredicate test, String statement) {

        /** Any value of the type. */
        public static final Rule ANY = new Rule(v -> true, "any value");

        public static Rule notNegative(String what) {
            return new Rule(v -> v >= 0, what + " must not be negative");
        }

        /** A number of seconds from 0 to {@link TimeBounds#MAX_DURATION}, the bound of a trace's run times. */
        public static Rule duration(String what) {
            return new Rule(v -> v >= 0 && v <= TimeBounds.MAX_DURATION, what + " must be from 0 to "
                    + TimeBounds.describe(TimeBounds.MAX_DURATION));
        }

        /** As {@link #duration}, and not 0. */
        public static Rule positiveDuration(String what) {
            return new Rule(v -> v > 0 && v <= TimeBounds.MAX_DURATION, what + " must be from 1 to "
                    + TimeBounds.describe(TimeBounds.MAX_DURATION));
        }

        public static Rule positive(String what) {
            return new Rule(v -> v > 0, what + " must be positive");
        }

        public static Rule atLeastOne(String what) {
            return new Rule(v -> v >= 1, what + " must be at least 1");
        }

        public static Rule fraction(String what) {
            return new Rule(v -> v >= 0 && v <= 1, what + " must be in [0, 1]");
        }

        /** @throws IllegalArgumentException "STATEMENT, was VALUE" when {@code number} breaks the rule */
        void check(double number, Object value) {
            if (!test.test(number)) throw new IllegalArgumentException(statement + ", was " + value);
        }
    }
}

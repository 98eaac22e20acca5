package org.bgctl.scheduler.policy;

import java.util.Objects;
import java.util.function.Function;

/**
 * The kind of value a {@link PolicySetting} takes, and how its text is read.
 *
 * @param name  what the value is, for messages ("a whole number")
 * @param parse reads the text; throws {@link IllegalArgumentException} naming what it expected
 */
public record SettingType(String name, Function<String, Object> parse) {

    /** Whole seconds or counts: a {@code Long}. */
    public static final SettingType WHOLE = new SettingType("a whole number", SettingType::whole);

    /** A count that fits an {@code int}: an {@code Integer}. */
    public static final SettingType INTEGER = new SettingType("a whole number", text -> {
        long n = whole(text);
        if (n != (int) n) throw new IllegalArgumentException("out of range");
        return (int) n;
    });

    /** A finite number: a {@code Double}. */
    public static final SettingType NUMBER = new SettingType("a number", text -> {
        try {
            double d = Double.parseDouble(text.trim());
            if (Double.isFinite(d)) return d;
        } catch (NumberFormatException ignored) {
            // reported below
        }
        throw new IllegalArgumentException("not a number");
    });

    public SettingType {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(parse, "parse");
    }

    /**
     * A whole number, or {@code word} standing for the value of the setting {@code standsFor} (read by
     * {@link SettingValues#whole}); e.g. pfcfs's δ may be "gang", δ = Δ.
     */
    public static SettingType wholeOr(String word, String standsFor) {
        return new SettingType("a whole number or " + word, text -> text.trim().equals(word)
                ? new Word(word, standsFor) : whole(text));
    }

    /** A word given for a value, standing for the value of the setting {@code standsFor}. */
    public record Word(String word, String standsFor) {
        @Override
        public String toString() {
            return word;
        }
    }

    private static long whole(String text) {
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a whole number");
        }
    }
}

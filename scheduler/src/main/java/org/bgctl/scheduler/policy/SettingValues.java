package org.bgctl.scheduler.policy;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The values of the registered schedulers' settings by key, each parsed and checked by its {@link PolicySetting}:
 * what a policy reads its parameters from. Immutable; keys in the registry's order.
 */
public final class SettingValues {

    private final Map<String, Object> values;

    SettingValues(Map<String, Object> values) {
        this.values = Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /**
     * These values with {@code key} set to {@code value} (its text is parsed and checked by the setting).
     *
     * @throws IllegalArgumentException for an unknown key, or a value the setting refuses
     */
    public SettingValues with(String key, Object value) {
        PolicySetting setting = PolicyRegistry.setting(key);
        Map<String, Object> copy = new LinkedHashMap<>(values);
        copy.put(key, setting.parse(String.valueOf(value)));
        return new SettingValues(copy);
    }

    /** The value of {@code key} as given: a Long, Integer, Double or {@link SettingType.Word}. */
    public Object get(String key) {
        Object v = values.get(key);
        if (v == null && !values.containsKey(key))
            throw new IllegalArgumentException("no value for setting '" + key + "'; known: "
                    + String.join(", ", values.keySet()));
        return v;
    }

    /** A whole-number setting; a word stands for the value of the setting it names. */
    public long whole(String key) {
        Object v = get(key);
        if (v instanceof SettingType.Word w) return whole(w.standsFor());
        return ((Number) v).longValue();
    }

    /** An integer setting. */
    public int integer(String key) {
        return Math.toIntExact(whole(key));
    }

    /** A number setting. */
    public double number(String key) {
        Object v = get(key);
        if (v instanceof SettingType.Word w) return number(w.standsFor());
        return ((Number) v).doubleValue();
    }

    /** The value as recorded: a word resolved to the number it stands for. */
    Object resolved(String key) {
        Object v = get(key);
        return v instanceof SettingType.Word w ? resolved(w.standsFor()) : v;
    }

    /** Key to value, in the registry's order. */
    public Map<String, Object> asMap() {
        return values;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof SettingValues v && values.equals(v.values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return values.toString();
    }
}

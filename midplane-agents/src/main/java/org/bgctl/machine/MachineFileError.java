package org.bgctl.machine;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigException;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigOrigin;
import java.util.Comparator;
import java.util.List;

/**
 * A mistake in a machine file, named as a person opens the file: {@code m3.conf: 22: what is wrong} — the line of
 * the entry at fault when one is, else the file alone ({@code m3.conf: No configuration setting found for key 'mesh'}).
 */
public final class MachineFileError extends IllegalArgumentException {

    private MachineFileError(String message, Throwable cause) {
        super(message, cause);
    }

    /** {@code e} found in the entry {@code entry} of a machine file: named by its file and line. */
    public static MachineFileError at(Config entry, IllegalArgumentException e) {
        return at(entry.origin(), e);
    }

    /** {@code e} found in the value of a machine file that {@code o} places: named by its file and line. */
    public static MachineFileError at(ConfigOrigin o, IllegalArgumentException e) {
        if (e instanceof MachineFileError located) return located;
        String line = o.lineNumber() > 0 ? ": " + o.lineNumber() : "";
        return new MachineFileError(file(o) + line + ": " + e.getMessage(), e);
    }

    /**
     * The config error {@code e} (a missing key, a wrong type) found in the entry {@code entry} of a machine file: named
     * once by its file and the line it places, else the entry's line.
     */
    public static MachineFileError at(Config entry, ConfigException e) {
        ConfigOrigin o = e.origin() != null && e.origin().lineNumber() > 0 ? e.origin() : entry.origin();
        String place = e.origin() == null ? "" : e.origin().description() + ": ";
        String message = e.getMessage().startsWith(place) ? e.getMessage().substring(place.length()) : e.getMessage();
        return at(o, new IllegalArgumentException(message, e));
    }

    /**
     * {@code e} found reading the machine file {@code file} (its root object): an error already located is kept, a
     * config error keeps the place it names, else the file is named.
     */
    public static MachineFileError in(Config file, RuntimeException e) {
        if (e instanceof MachineFileError located) return located;
        String message = e.getMessage();
        if (e instanceof ConfigException c && c.origin() != null) {
            // a missing key is placed on the object that lacks it: at the file's top level, name the file only
            String place = c.origin().description() + ": ";
            boolean topLevel = e instanceof ConfigException.Missing && c.origin().lineNumber() == file.origin().lineNumber();
            if (!topLevel || !message.startsWith(place)) return new MachineFileError(message, e);
            message = message.substring(place.length());
        }
        return new MachineFileError(file(file.origin()) + ": " + message, e);
    }

    /**
     * Checks that {@code object}, an object of a machine file at {@code path} ({@code ""} for the file's top level,
     * else e.g. {@code "boot."}), has only the keys {@code known}: a key it does not know (a typo such as
     * {@code midplanse}) would be dropped unread, so the first of them in the file is named at its line with the known
     * ones.
     *
     * @throws MachineFileError {@code m.conf: 3: unknown key 'midplanse'; known: name, midplanes, ...}
     */
    public static void requireKnownKeys(Config object, String path, List<String> known) {
        ConfigObject root = object.root();
        root.keySet().stream().filter(key -> !known.contains(key))
                .min(Comparator.comparingInt((String key) -> root.get(key).origin().lineNumber())
                        .thenComparing(Comparator.naturalOrder()))
                .ifPresent(key -> {
                    throw at(root.get(key).origin(), new IllegalArgumentException("unknown key '" + path + key
                            + "'; known: " + String.join(", ", known)));
                });
    }

    private static String file(ConfigOrigin o) {
        if (o.filename() != null) return o.filename();
        if (o.resource() != null) return o.resource();
        return o.description();
    }
}

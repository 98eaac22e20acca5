package org.bgctl.config;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;

/**
 * bgctl's own settings without Akka's: what {@code ConfigFactory.load()} gives for the paths under {@code bgctl}
 * (system properties, then application.conf or {@code -Dconfig.file}, then the defaults), read from the
 * {@value #RESOURCE} files of bgctl's modules alone. Each module's reference.conf includes its file, so an actor
 * system's configuration holds the same settings. Commands that start no actor system (a direct replay, help,
 * status) so skip parsing Akka's reference configuration, which takes a short command a good part of its start.
 */
public final class BgctlSettings {

    /** The name of each module's settings file. */
    public static final String RESOURCE = "bgctl-settings.conf";

    private static volatile Config loaded;

    private BgctlSettings() {
    }

    /**
     * The settings holding {@code path}: bgctl's own when they have it, else the whole configuration (every
     * reference.conf on the class path), where a scheduler registered from outside bgctl keeps its defaults.
     */
    public static Config holding(String path) {
        Config own = load();
        return own.hasPath(path) ? own : ConfigFactory.load();
    }

    /** The settings, read once. */
    public static Config load() {
        Config c = loaded;
        if (c == null) {
            c = ConfigFactory.defaultOverrides()
                    .withFallback(ConfigFactory.defaultApplication())
                    .withFallback(ConfigFactory.parseResources(BgctlSettings.class.getClassLoader(), RESOURCE))
                    .resolve();
            loaded = c;
        }
        return c;
    }
}

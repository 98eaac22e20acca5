package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A setting given with {@code -D} (through {@code BGCTL_JAVA_OPTS}, as docs/cluster.md says) overrides the cluster
 * profile's: before, the profile's {@code stable-after = 7s} won over {@code -D...stable-after=20s}, silently.
 */
class ClusterOptionsTest {

    private static final String STABLE_AFTER = "akka.cluster.split-brain-resolver.stable-after";

    @Test
    void aSystemPropertyOverridesTheProfile() {
        ClusterOptions options = new ClusterOptions("127.0.0.1", 2552, List.of("127.0.0.1:2552"), 1);
        assertEquals("7s", options.config(List.of()).getString(STABLE_AFTER));
        System.setProperty(STABLE_AFTER, "20s");
        ConfigFactory.invalidateCaches();
        try {
            Config config = options.config(List.of("driver"));
            assertEquals("20s", config.getString(STABLE_AFTER));
            assertEquals(List.of("driver"), config.getStringList("akka.cluster.roles"));
        } finally {
            System.clearProperty(STABLE_AFTER);
            ConfigFactory.invalidateCaches();
        }
    }
}

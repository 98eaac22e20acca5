package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.junit.jupiter.api.Test;

/**
 * A setting given with {@code -D} (through {@code BGCTL_JAVA_OPTS}, as docs/cluster.md says) overrides the cluster
 * profile's: before, the profile's {@code stable-after = 7s} won over {@code -D...stable-after=20s}, silently.
 */
class ClusterOptionsTest {

    private static final String REBALANCE_INTERVAL = "akka.cluster.sharding.rebalance-interval";
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

    /**
     * A driver on the scaled clock (timers to the millisecond: replay --cluster --speed K) gets a rebalance interval
     * Akka's scheduler takes: the profile's 240 d failed its shard coordinator's start ('Task scheduled with
     * [20736000] seconds delay, which is too far in future') and the replay waited for its agents for ever.
     */
    @Test
    void aDriverOnTheScaledClockGetsARebalanceIntervalItsTimersTake() {
        ClusterOptions options = new ClusterOptions("127.0.0.1", 2552, List.of("127.0.0.1:2552"), 1);
        MachineModel machine = MachineCatalog.create("flat:8");
        Config scaled = ConfigFactory.parseMap(Map.of("akka.scheduler.tick-duration", "1ms"))
                .withFallback(ConfigFactory.load());
        Duration longest = Duration.ofMillis(Integer.MAX_VALUE);
        Duration interval = ClusterReplay.memberConfig(options, machine, scaled).getDuration(REBALANCE_INTERVAL);
        assertTrue(interval.compareTo(longest) < 0, interval + " is beyond the " + longest + " 1 ms timers take");
        assertEquals(Duration.ofDays(24), interval);
        // in virtual time (10 ms timers) the profile's interval stands
        assertEquals(Duration.ofDays(240), ClusterReplay.memberConfig(options, machine, ConfigFactory.load())
                .getDuration(REBALANCE_INTERVAL));
    }
}

package org.bgctl.cluster;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Where one member of a bgctl cluster listens and whom it joins.
 *
 * @param hostname  the address other members reach it at (127.0.0.1: this machine only)
 * @param port      its remoting (Artery) port
 * @param seedNodes {@code host:port} of the members it joins first; the first seed node that is itself
 *                  forms the cluster
 * @param members   how many members must host agents before a run starts (the driver counts itself)
 */
public record ClusterOptions(String hostname, int port, List<String> seedNodes, int members) {

    /** The actor system's name, the same on every member. */
    public static final String SYSTEM = "bgctl";

    /** The cluster profile, a resource of this module. */
    public static final String PROFILE = "bgctl-cluster.conf";

    private static final String REBALANCE_INTERVAL = "akka.cluster.sharding.rebalance-interval";

    public ClusterOptions {
        if (hostname == null || hostname.isBlank()) throw new IllegalArgumentException("--hostname must not be empty");
        if (port < 0 || port > 65535) throw new IllegalArgumentException("the remoting port (--port of node,"
                + " --cluster-port of a driver) must be in 0..65535, was " + port);
        if (members < 1) throw new IllegalArgumentException("--members must be at least 1, was " + members);
        seedNodes = List.copyOf(seedNodes);
        if (seedNodes.isEmpty()) throw new IllegalArgumentException("--seed-nodes names no member to join");
        for (String seed : seedNodes) seedAddress(seed);
    }

    /**
     * This member's configuration, with {@code roles}, over the JVM's system properties ({@code -D} through
     * {@code BGCTL_JAVA_OPTS}, e.g. the Split Brain Resolver's {@code stable-after}), over the cluster profile.
     */
    public Config config(List<String> roles) {
        List<String> seeds = new ArrayList<>();
        for (String seed : seedNodes) seeds.add(seedAddress(seed));
        return ConfigFactory.parseMap(Map.of(
                        "akka.remote.artery.canonical.hostname", hostname,
                        "akka.remote.artery.canonical.port", port,
                        "akka.cluster.seed-nodes", seeds,
                        "akka.cluster.roles", roles))
                .withFallback(ConfigFactory.systemProperties())
                .withFallback(ConfigFactory.parseResources(PROFILE));
    }

    /**
     * {@code config} with Cluster Sharding's "never rebalance" interval (the profile's 240 d) brought within the
     * longest delay Akka's scheduler takes, about 2^31 ticks: with timers to the millisecond (a live server, a replay
     * on the scaled clock) 24 d. Beyond it the shard coordinator fails to start, and a driver waits for its agents for
     * ever.
     */
    public static Config rebalanceWithinTimers(Config config) {
        Duration longest = config.getDuration("akka.scheduler.tick-duration").multipliedBy(Integer.MAX_VALUE);
        if (config.getDuration(REBALANCE_INTERVAL).compareTo(longest) < 0) return config;
        return ConfigFactory.parseMap(Map.of(REBALANCE_INTERVAL, longest.toDays() + "d")).withFallback(config);
    }

    /** {@code akka://bgctl@host:port} of {@code host:port}, or an error naming the bad seed. */
    static String seedAddress(String seed) {
        int colon = seed.lastIndexOf(':');
        if (colon <= 0 || colon == seed.length() - 1)
            throw new IllegalArgumentException("seed node '" + seed + "' is not host:port");
        try {
            int p = Integer.parseInt(seed.substring(colon + 1));
            if (p < 1 || p > 65535) throw new NumberFormatException();
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed node '" + seed + "': port must be a number in 1..65535");
        }
        return "akka://" + SYSTEM + "@" + seed;
    }
}

package org.bgctl.run;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import com.typesafe.config.ConfigObject;
import com.typesafe.config.ConfigUtil;
import com.typesafe.config.ConfigValue;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.bgctl.agents.DeferredCborSerializer;

/**
 * The configuration of an actor system that stays in this JVM ({@link LocalActors}). Akka's serialization creates
 * every serializer named in {@code akka.actor.serializers} as the system starts and loads every class named in
 * {@code akka.actor.serialization-bindings}; the jar carries Akka's remoting and cluster modules, whose
 * configuration names serializers for their own messages (artery's, cluster membership, sharding, distributed data,
 * pub-sub, the cluster client, the singleton), which only cross between JVMs, and Jackson's configuration names
 * JSON serializers, which nothing in bgctl binds. Akka lays its configuration under any given, so none can be
 * removed: in a local system each stays under its name and identifier as a {@link LocalOnlySerializer}, which
 * serializes nothing, with its bindings set to {@code none}. Jackson's CBOR serializer is made only when a message
 * first needs it ({@link DeferredCborSerializer}: a replay writes its journal's entries in a compact form of its
 * own and needs Jackson only for a snapshot or an entry written before). Akka streams' materializer and the typed
 * receptionist, which the jar's modules list as library extensions to start with the system, are left to start when
 * first asked for, as every extension can: a replay asks for neither (a server's HTTP API asks for the first). Any
 * other provider keeps everything.
 */
final class LocalSystemConfig {

    private static final String SERIALIZERS = "akka.actor.serializers";
    private static final String BINDINGS = "akka.actor.serialization-bindings";
    private static final String IDENTIFIERS = "akka.actor.serialization-identifiers";
    /** Where the serializers of messages between JVMs are. */
    private static final List<String> BETWEEN_JVMS = List.of("akka.remote.", "akka.cluster.");
    private static final String JACKSON_JSON = "akka.serialization.jackson.JacksonJsonSerializer";
    private static final String JACKSON_CBOR = "akka.serialization.jackson.JacksonCborSerializer";
    /** The lists of extensions started with a system, and those of them a local system starts when first used. */
    private static final Map<String, String> STARTED_WHEN_USED = Map.of(
            "akka.library-extensions", "akka.stream.SystemMaterializer$",
            "akka.actor.typed.library-extensions", "akka.actor.typed.receptionist.Receptionist$");

    private LocalSystemConfig() {
    }

    /** {@code config} as a local actor system needs it; unchanged unless its provider is {@code local}. */
    static Config of(Config config) {
        if (!config.getString("akka.actor.provider").equals("local")) return config;
        ConfigObject identifiers = config.getObject(IDENTIFIERS);
        Map<String, Object> overrides = new TreeMap<>();
        Set<String> unused = new TreeSet<>();
        new TreeMap<>(config.getObject(SERIALIZERS).unwrapped()).forEach((name, type) -> {
            if (type.equals(JACKSON_CBOR)) {
                overrides.put(ConfigUtil.joinPath("akka", "actor", "serializers", name),
                        DeferredCborSerializer.class.getName());
                return;
            }
            if (!type.equals(JACKSON_JSON) && BETWEEN_JVMS.stream().noneMatch(((String) type)::startsWith)) return;
            // the identifier Akka's serializer reads: under its binding's name, else under its class's
            ConfigValue identifier = identifiers.containsKey(name) ? identifiers.get(name) : identifiers.get(type);
            if (identifier == null) return; // one that knows its own identifier is left as it is
            overrides.put(ConfigUtil.joinPath("akka", "actor", "serializers", name), LocalOnlySerializer.class.getName());
            overrides.put(ConfigUtil.joinPath("akka", "actor", "serialization-identifiers", name), identifier.unwrapped());
            unused.add(name);
        });
        new TreeMap<>(config.getObject(BINDINGS).unwrapped()).forEach((type, serializer) -> {
            if (unused.contains(serializer))
                overrides.put(ConfigUtil.joinPath("akka", "actor", "serialization-bindings", type), "none");
        });
        new TreeMap<>(STARTED_WHEN_USED).forEach((list, extension) -> overrides.put(list,
                config.getStringList(list).stream().filter(e -> !e.equals(extension)).toList()));
        return ConfigFactory.parseMap(overrides).withFallback(config);
    }
}

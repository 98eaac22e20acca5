package org.bgctl.journal;

import akka.actor.ActorRef;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Adapter;
import akka.persistence.Persistence;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * Test base of the JDBC plugins: an actor system with the journal of a kind (H2 in a temporary directory, or
 * PostgreSQL, skipped when none answers), its schema created, and a probe to receive the plugins' answers.
 */
abstract class JdbcPluginTesting {

    @TempDir
    Path dir;

    private ActorTestKit kit;
    TestProbe<Object> probe;
    /** Starts the persistence ids of a test: PostgreSQL's tables outlive it. */
    final String prefix = UUID.randomUUID() + "-";

    /** Starts the actor system with the journal of {@code kind}; its persistence plugins. */
    Persistence start(JournalKind kind) {
        return start(kind, ConfigFactory.empty());
    }

    /** As {@link #start(JournalKind)}, with {@code settings} over the system's configuration. */
    Persistence start(JournalKind kind, Config settings) {
        if (kind == JournalKind.POSTGRES) PostgresTesting.assumeReachable();
        kit = ActorTestKit.create(settings.withFallback(JournalSettings.config(kind, dir)).withFallback(ConfigFactory.load()));
        JournalSchema.prepare(kind, kit.system()).toCompletableFuture().join();
        probe = kit.createTestProbe();
        return Persistence.get(Adapter.toClassic(kit.system()));
    }

    /** The actor system started. */
    ActorSystem<?> system() {
        return kit.system();
    }

    /** Stops the actor system started, which closes the journal's database. */
    void stop() {
        kit.shutdownTestKit();
        kit = null;
    }

    /** The probe, as the plugins' protocols name whom to answer. */
    ActorRef replyTo() {
        return Adapter.toClassic(probe.getRef());
    }

    @AfterEach
    void shutDown() {
        if (kit != null) kit.shutdownTestKit();
    }
}

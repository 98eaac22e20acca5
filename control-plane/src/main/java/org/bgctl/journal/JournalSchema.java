package org.bgctl.journal;

import akka.Done;
import akka.actor.typed.ActorSystem;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;
import scala.jdk.javaapi.FutureConverters;

/** Creates the journal's tables where the journal kind needs them. */
public final class JournalSchema {

    /** The tables of an H2 journal: akka-persistence-jdbc 5.1.0's, as the PostgreSQL journal's are. */
    private static final SqlScript H2 = new SqlScript("bgctl-h2-schema.sql");

    private JournalSchema() {
    }

    /**
     * Creates the tables of a JDBC journal if missing; nothing to do for the memory journal. The H2 journal's are
     * created through {@code system}'s {@link JournalDatabase}, whose connection its plugins then use.
     */
    public static CompletionStage<Done> prepare(JournalKind kind, ActorSystem<?> system) {
        return switch (kind) {
            case MEMORY -> CompletableFuture.completedFuture(Done.getInstance());
            case H2 -> FutureConverters.asJava(JournalDatabase.get(system.classicSystem()).run(c -> {
                H2.run(c);
                return Done.getInstance();
            }));
            case POSTGRES -> CompletableFuture.supplyAsync(() -> {
                PostgresSchema.init(PostgresSettings.from(system.settings().config()));
                return Done.getInstance();
            });
        };
    }

    /** Creates the tables of an H2 journal on {@code c} if missing (not committed). */
    static void createH2(Connection c) throws SQLException {
        H2.run(c);
    }

    /** {@link #prepare}, waited for: a failure is thrown as it happened, not inside a {@link CompletionException}. */
    public static void prepareNow(JournalKind kind, ActorSystem<?> system) {
        try {
            prepare(kind, system).toCompletableFuture().join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw e;
        }
    }
}

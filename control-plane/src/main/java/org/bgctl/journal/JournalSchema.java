package org.bgctl.journal;

import akka.Done;
import akka.actor.typed.ActorSystem;
import akka.persistence.jdbc.testkit.javadsl.SchemaUtils;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

/** Creates the journal's tables where the journal kind needs them. */
public final class JournalSchema {

    private JournalSchema() {
    }

    /** Creates the tables of a JDBC journal if missing; nothing to do for the memory journal. */
    public static CompletionStage<Done> prepare(JournalKind kind, ActorSystem<?> system) {
        return switch (kind) {
            case MEMORY -> CompletableFuture.completedFuture(Done.getInstance());
            case H2 -> SchemaUtils.createIfNotExists(system);
            case POSTGRES -> CompletableFuture.supplyAsync(() -> {
                PostgresSchema.init(PostgresSettings.from(system.settings().config()));
                return Done.getInstance();
            });
        };
    }
}

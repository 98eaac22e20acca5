package org.bgctl.journal;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.persistence.jdbc.query.javadsl.JdbcReadJournal;
import akka.persistence.query.PersistenceQuery;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.SchedulerEvent;

/** Reads a run's journal back, event by event, in the order it was written. */
public final class JournalReader {

    private JournalReader() {
    }

    /**
     * Streams every event of the scheduler in the journal of {@code runDir} (H2 file or PostgreSQL) to
     * {@code consumer}; returns the number of events.
     *
     * @throws IllegalArgumentException when the directory holds no journal
     */
    public static long read(Path runDir, EventSink consumer) {
        return read(JournalLocation.of(runDir), consumer);
    }

    /** Streams every event of the scheduler in {@code location} to {@code consumer}; returns the number of events. */
    public static long read(JournalLocation location, EventSink consumer) {
        String persistenceId = location.persistenceId();
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "bgctl-inspect",
                location.config().withFallback(ConfigFactory.load()));
        try {
            JdbcReadJournal journal = PersistenceQuery.get(system)
                    .getReadJournalFor(JdbcReadJournal.class, JdbcReadJournal.Identifier());
            long[] count = {0};
            journal.currentEventsByPersistenceId(persistenceId, 0, Long.MAX_VALUE)
                    .runForeach(envelope -> {
                        for (SchedulerEvent e : ((EventBatch) envelope.event()).events()) {
                            count[0]++;
                            consumer.accept(e);
                        }
                    }, system)
                    .toCompletableFuture().join();
            return count[0];
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }
}

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
     * Streams every event of {@code persistenceId} in the H2 journal of {@code runDir} to
     * {@code consumer}; returns the number of events.
     *
     * @throws IllegalArgumentException when the directory holds no journal
     */
    public static long read(Path runDir, String persistenceId, EventSink consumer) {
        if (!JournalSettings.hasH2Journal(runDir))
            throw new IllegalArgumentException("no journal in " + runDir + " (expected "
                    + JournalSettings.H2_FILE + ".mv.db; runs made with --journal memory keep none)");
        ActorSystem<Void> system = ActorSystem.create(Behaviors.empty(), "bgctl-inspect",
                JournalSettings.config(JournalKind.H2, runDir).withFallback(ConfigFactory.load()));
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

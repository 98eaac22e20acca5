package org.bgctl.journal;

import akka.actor.typed.ActorSystem;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import org.bgctl.scheduler.EventSink;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.SchedulerEvent;

/**
 * Reads a run's journal back, event by event, in the order it was written: one query streaming the scheduler's entries
 * in the order of the journal's primary key (persistence id, sequence number), so the database sorts nothing. (Akka's
 * read journal asks for the entries a few hundred at a time ordered by sequence number alone, which H2 answers by
 * sorting every entry after the first asked for, on disk beyond a few tens of thousands: minutes for a long run.)
 */
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
        return read(JournalLocation.toRead(runDir), consumer);
    }

    /** Streams every event of the scheduler in {@code location} to {@code consumer}; returns the number of events. */
    public static long read(JournalLocation location, EventSink consumer) {
        ActorSystem<Void> system = JournalVerifier.serialization(location, "bgctl-inspect");
        // A reading that fails part-way is read again from the start (JournalVerifier.read): the events the consumer
        // already has are passed over then.
        long[] delivered = {0};
        try {
            return JournalVerifier.read(location, c -> stream(c, location, system, consumer, delivered));
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot read the journal of " + location.runDir() + ": " + e.getMessage());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /**
     * Streams the events on {@code c} to {@code consumer}, all but the first {@code delivered[0]} (which it has), counting
     * in {@code delivered} those it gets; returns the number of events.
     */
    private static long stream(Connection c, JournalLocation location, ActorSystem<Void> system, EventSink consumer,
                               long[] delivered) throws SQLException {
        if (location.kind() == JournalKind.H2 && !JournalVerifier.hasTable(c, "event_journal"))
            return 0; // a replay killed before its tables were written: no event, and nothing written to its file
        if (location.kind() != JournalKind.H2) JournalSchema.prepareNow(location.kind(), system);
        Serialization serialization = SerializationExtension.get(system);
        if (location.kind() == JournalKind.H2) {
            try (Statement s = c.createStatement()) {
                s.execute("SET LAZY_QUERY_EXECUTION TRUE");
            }
        } else {
            c.setAutoCommit(false); // PostgreSQL streams a result only inside a transaction
        }
        long count = 0;
        try (PreparedStatement q = c.prepareStatement("SELECT \"event_ser_id\", \"event_ser_manifest\","
                + " \"event_payload\" FROM \"event_journal\" WHERE \"persistence_id\" = ? AND NOT \"deleted\""
                + " ORDER BY \"persistence_id\", \"sequence_number\"")) {
            q.setFetchSize(1000);
            q.setString(1, location.persistenceId());
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    EventBatch batch = (EventBatch) serialization.deserialize(r.getBytes(3), r.getInt(1),
                            r.getString(2)).get();
                    for (SchedulerEvent e : batch.events()) {
                        if (++count > delivered[0]) {
                            delivered[0] = count;
                            consumer.accept(e);
                        }
                    }
                }
            }
        }
        return count;
    }
}

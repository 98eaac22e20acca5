package org.bgctl.journal;

import akka.actor.ActorRef;
import akka.actor.typed.javadsl.Adapter;
import akka.dispatch.Futures;
import akka.persistence.AtomicWrite;
import akka.persistence.PersistentRepr;
import akka.persistence.journal.Tagged;
import akka.persistence.journal.japi.AsyncWriteJournal;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import com.typesafe.config.Config;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import scala.concurrent.Await;
import scala.concurrent.Future;
import scala.concurrent.duration.Duration;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The journal of {@code --journal h2} and {@code postgres}: the events of each persistent actor as rows of the table
 * {@code event_journal}, one per event, keyed by persistence id and sequence number, with the payload as Akka's
 * serialization makes it ({@link SerializedPayload}). The rows, and the tables ({@link JournalSchema}), are those of
 * akka-persistence-jdbc 5, so either reads a journal the other wrote. Each write is one transaction of batched inserts
 * on the {@link JournalDatabase}'s connection and thread; one that fails fails the actor's persist. Events are not
 * tagged (the table {@code event_tag} stays empty): an event given tags is rejected.
 *
 * <p>With {@code bgctl.jdbc-journal.pipelined} (a replay in virtual time, which journals in groups and decides
 * nothing from what is written) a write is serialized and committed while the writer goes on: it is acknowledged
 * once the write before it is committed, so at most two are under way, in order. A write that fails fails the
 * persist after it (the run stops, as when its own failed), and nothing is written after it; the end of a run waits
 * for the last write ({@link #awaitPipelined}).
 */
public final class JdbcJournal extends AsyncWriteJournal {

    private static final String INSERT = "INSERT INTO \"event_journal\" (\"persistence_id\", \"sequence_number\","
            + " \"writer\", \"write_timestamp\", \"adapter_manifest\", \"event_ser_id\", \"event_ser_manifest\","
            + " \"event_payload\", \"meta_ser_id\", \"meta_ser_manifest\", \"meta_payload\")"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";

    private static final String REPLAY = "SELECT \"sequence_number\", \"writer\", \"write_timestamp\","
            + " \"adapter_manifest\", \"event_ser_id\", \"event_ser_manifest\", \"event_payload\", \"meta_ser_id\","
            + " \"meta_ser_manifest\", \"meta_payload\" FROM \"event_journal\" WHERE \"persistence_id\" = ?"
            + " AND \"sequence_number\" >= ? AND \"sequence_number\" <= ? AND NOT \"deleted\""
            + " ORDER BY \"persistence_id\", \"sequence_number\"";

    /** Rows of a replay PostgreSQL sends at a time. */
    private static final int REPLAY_FETCH = 1000;

    private final JournalDatabase database = JournalDatabase.get(context().system());
    private final Serialization serialization = SerializationExtension.get(context().system());
    private final boolean pipelined = pipelined(context().system().settings().config());

    /** An event as written: its envelope and its serialized payload and metadata. */
    private record Row(PersistentRepr event, SerializedPayload payload, Optional<SerializedPayload> meta) {
    }

    /** Whether the journal of a system with configuration {@code config} writes while its writer goes on. */
    private static boolean pipelined(Config config) {
        return config.getBoolean("bgctl.jdbc-journal.pipelined");
    }

    /**
     * Waits until the writes of {@code system}'s journal are committed when it writes them while its writer goes on
     * ({@code bgctl.jdbc-journal.pipelined}); rethrows why one failed.
     */
    public static void awaitPipelined(akka.actor.typed.ActorSystem<?> system) {
        if (!pipelined(system.settings().config())) return;
        try {
            Await.result(JournalDatabase.get(Adapter.toClassic(system)).aheadDone(), Duration.Inf());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the journal was written", e);
        } catch (Exception e) {
            throw new IllegalStateException("writing the journal failed: " + e.getMessage(), e);
        }
    }

    @Override
    public Future<Iterable<Optional<Exception>>> doAsyncWriteMessages(Iterable<AtomicWrite> messages) {
        if (pipelined) return writeAhead(messages);
        long now = System.currentTimeMillis(); // the rows' write_timestamp, as akka-persistence-jdbc records it
        List<Optional<Exception>> results = new ArrayList<>();
        List<Row> rows = new ArrayList<>();
        for (AtomicWrite write : messages) {
            List<Row> ofWrite = new ArrayList<>();
            try {
                for (PersistentRepr event : CollectionConverters.asJava(write.payload())) ofWrite.add(row(event, now));
                rows.addAll(ofWrite);
                results.add(Optional.empty());
            } catch (Exception e) {
                results.add(Optional.of(e)); // rejected: the actor is told, the other writes go on
            }
        }
        return database.run(c -> {
            insert(c, rows);
            return results;
        });
    }

    /**
     * Serializes and inserts {@code messages} on the database's thread while the writer goes on; acknowledged once the
     * write before is committed. A message that cannot be serialized fails the write (and so the persist after it).
     */
    private Future<Iterable<Optional<Exception>>> writeAhead(Iterable<AtomicWrite> messages) {
        long now = System.currentTimeMillis(); // the rows' write_timestamp, as akka-persistence-jdbc records it
        List<Optional<Exception>> results = new ArrayList<>();
        List<PersistentRepr> events = new ArrayList<>();
        for (AtomicWrite write : messages) {
            events.addAll(CollectionConverters.asJava(write.payload()));
            results.add(Optional.empty());
        }
        Iterable<Optional<Exception>> written = results;
        Future<Void> before = database.runAhead(c -> {
            List<Row> rows = new ArrayList<>(events.size());
            for (PersistentRepr event : events) rows.add(row(event, now));
            insert(c, rows);
            return null;
        });
        // mostly the write before is long committed: acknowledged at once
        if (before.value().isDefined() && before.value().get().isSuccess()) return Futures.successful(written);
        return before.map(done -> written, context().dispatcher());
    }

    private Row row(PersistentRepr event, long now) throws Exception {
        if (event.payload() instanceof Tagged) throw new IllegalArgumentException("the journal keeps no tags");
        return new Row(event.withTimestamp(now), SerializedPayload.of(serialization, event.payload()),
                SerializedPayload.ofMetadata(serialization, event.metadata()));
    }

    private static void insert(Connection c, List<Row> rows) throws SQLException {
        if (rows.isEmpty()) return;
        try (PreparedStatement insert = c.prepareStatement(INSERT)) {
            for (Row row : rows) {
                PersistentRepr event = row.event();
                insert.setString(1, event.persistenceId());
                insert.setLong(2, event.sequenceNr());
                insert.setString(3, event.writerUuid());
                insert.setLong(4, event.timestamp());
                insert.setString(5, event.manifest());
                row.payload().bind(insert, 6);
                SerializedPayload.bind(row.meta(), insert, 9);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    @Override
    public Future<Void> doAsyncReplayMessages(String persistenceId, long fromSequenceNr, long toSequenceNr, long max,
                                              Consumer<PersistentRepr> replayCallback) {
        if (database.knownEmpty()) return Futures.successful(null);
        return database.run(c -> {
            try (PreparedStatement q = c.prepareStatement(REPLAY)) {
                q.setFetchSize(REPLAY_FETCH);
                q.setString(1, persistenceId);
                q.setLong(2, fromSequenceNr);
                q.setLong(3, toSequenceNr);
                try (ResultSet r = q.executeQuery()) {
                    for (long n = 0; n < max && r.next(); n++) replayCallback.accept(event(persistenceId, r));
                }
            }
            return null;
        });
    }

    private PersistentRepr event(String persistenceId, ResultSet r) throws SQLException {
        Object payload = SerializedPayload.read(r, 5).orElseThrow().restore(serialization);
        PersistentRepr event = PersistentRepr.apply(payload, r.getLong(1), persistenceId, r.getString(4), false,
                ActorRef.noSender(), r.getString(2)).withTimestamp(r.getLong(3));
        Optional<SerializedPayload> meta = SerializedPayload.read(r, 8);
        return meta.isPresent() ? event.withMetadata(meta.get().restore(serialization)) : event;
    }

    @Override
    public Future<Long> doAsyncReadHighestSequenceNr(String persistenceId, long fromSequenceNr) {
        if (database.knownEmpty()) return Futures.successful(0L);
        return database.run(c -> highest(c, persistenceId, ""));
    }

    /**
     * Marks the events up to {@code toSequenceNr} deleted and removes all but the last of them, which keeps the
     * highest sequence number (what akka-persistence-jdbc does).
     */
    @Override
    public Future<Void> doAsyncDeleteMessagesTo(String persistenceId, long toSequenceNr) {
        return database.run(c -> {
            try (PreparedStatement mark = c.prepareStatement("UPDATE \"event_journal\" SET \"deleted\" = TRUE"
                    + " WHERE \"persistence_id\" = ? AND \"sequence_number\" <= ? AND NOT \"deleted\"")) {
                mark.setString(1, persistenceId);
                mark.setLong(2, toSequenceNr);
                mark.executeUpdate();
            }
            long lastMarked = highest(c, persistenceId, " AND \"deleted\"");
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM \"event_journal\""
                    + " WHERE \"persistence_id\" = ? AND \"sequence_number\" < ?")) {
                delete.setString(1, persistenceId);
                delete.setLong(2, lastMarked);
                delete.executeUpdate();
            }
            return null;
        });
    }

    /** The highest sequence number of {@code persistenceId}'s rows that meet {@code condition}, 0 when none. */
    private static long highest(Connection c, String persistenceId, String condition) throws SQLException {
        try (PreparedStatement q = c.prepareStatement("SELECT MAX(\"sequence_number\") FROM \"event_journal\""
                + " WHERE \"persistence_id\" = ?" + condition)) {
            q.setString(1, persistenceId);
            try (ResultSet r = q.executeQuery()) {
                r.next();
                return r.getLong(1); // 0 for NULL
            }
        }
    }
}

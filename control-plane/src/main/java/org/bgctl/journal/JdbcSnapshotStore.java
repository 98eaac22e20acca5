package org.bgctl.journal;

import akka.dispatch.Futures;
import akka.persistence.SelectedSnapshot;
import akka.persistence.SnapshotMetadata;
import akka.persistence.SnapshotSelectionCriteria;
import akka.persistence.snapshot.japi.SnapshotStore;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import scala.concurrent.Future;

/**
 * The snapshot store of {@code --journal h2} and {@code postgres}: each snapshot a row of the table {@code snapshot},
 * keyed by persistence id and sequence number, as akka-persistence-jdbc 5 writes it (the snapshot serialized by Akka,
 * {@link SerializedPayload}; {@code created} its timestamp). Its work runs on the {@link JournalDatabase}'s connection
 * and thread, after the journal's writes given before it.
 */
public final class JdbcSnapshotStore extends SnapshotStore {

    /** The rows of a persistence id that a selection criteria admits (parameters 1 to 5). */
    private static final String SELECTED = " WHERE \"persistence_id\" = ? AND \"sequence_number\" BETWEEN ? AND ?"
            + " AND \"created\" BETWEEN ? AND ?";

    private final JournalDatabase database = JournalDatabase.get(context().system());
    private final Serialization serialization = SerializationExtension.get(context().system());

    @Override
    public Future<Optional<SelectedSnapshot>> doLoadAsync(String persistenceId, SnapshotSelectionCriteria criteria) {
        if (database.knownEmpty()) return Futures.successful(Optional.empty());
        return database.run(c -> {
            try (PreparedStatement q = c.prepareStatement("SELECT \"sequence_number\", \"created\","
                    + " \"snapshot_ser_id\", \"snapshot_ser_manifest\", \"snapshot_payload\", \"meta_ser_id\","
                    + " \"meta_ser_manifest\", \"meta_payload\" FROM \"snapshot\"" + SELECTED
                    + " ORDER BY \"sequence_number\" DESC")) {
                select(q, persistenceId, criteria);
                q.setMaxRows(1);
                try (ResultSet r = q.executeQuery()) {
                    if (!r.next()) return Optional.empty();
                    Object snapshot = SerializedPayload.read(r, 3).orElseThrow().restore(serialization);
                    SnapshotMetadata metadata = SnapshotMetadata.apply(persistenceId, r.getLong(1), r.getLong(2));
                    Optional<SerializedPayload> meta = SerializedPayload.read(r, 6);
                    if (meta.isPresent()) metadata = metadata.withMetadata(meta.get().restore(serialization));
                    return Optional.of(SelectedSnapshot.create(metadata, snapshot));
                }
            }
        });
    }

    /** Saves the snapshot, replacing one saved at the same sequence number. */
    @Override
    public Future<Void> doSaveAsync(SnapshotMetadata metadata, Object snapshot) {
        SerializedPayload payload;
        Optional<SerializedPayload> meta;
        try {
            payload = SerializedPayload.of(serialization, snapshot);
            meta = SerializedPayload.ofMetadata(serialization, metadata.metadata());
        } catch (Exception e) {
            return Futures.failed(e);
        }
        return database.run(c -> {
            deleteOne(c, metadata);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO \"snapshot\" (\"persistence_id\","
                    + " \"sequence_number\", \"created\", \"snapshot_ser_id\", \"snapshot_ser_manifest\","
                    + " \"snapshot_payload\", \"meta_ser_id\", \"meta_ser_manifest\", \"meta_payload\")"
                    + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
                insert.setString(1, metadata.persistenceId());
                insert.setLong(2, metadata.sequenceNr());
                insert.setLong(3, metadata.timestamp());
                payload.bind(insert, 4);
                SerializedPayload.bind(meta, insert, 7);
                insert.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public Future<Void> doDeleteAsync(SnapshotMetadata metadata) {
        return database.run(c -> {
            deleteOne(c, metadata);
            return null;
        });
    }

    @Override
    public Future<Void> doDeleteAsync(String persistenceId, SnapshotSelectionCriteria criteria) {
        return database.run(c -> {
            try (PreparedStatement delete = c.prepareStatement("DELETE FROM \"snapshot\"" + SELECTED)) {
                select(delete, persistenceId, criteria);
                delete.executeUpdate();
            }
            return null;
        });
    }

    private static void deleteOne(Connection c, SnapshotMetadata metadata) throws SQLException {
        try (PreparedStatement delete = c.prepareStatement("DELETE FROM \"snapshot\""
                + " WHERE \"persistence_id\" = ? AND \"sequence_number\" = ?")) {
            delete.setString(1, metadata.persistenceId());
            delete.setLong(2, metadata.sequenceNr());
            delete.executeUpdate();
        }
    }

    private static void select(PreparedStatement q, String persistenceId, SnapshotSelectionCriteria criteria)
            throws SQLException {
        q.setString(1, persistenceId);
        q.setLong(2, criteria.minSequenceNr());
        q.setLong(3, criteria.maxSequenceNr());
        q.setLong(4, criteria.minTimestamp());
        q.setLong(5, criteria.maxTimestamp());
    }
}

package org.bgctl.journal;

import akka.serialization.Serialization;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.Optional;
import scala.Option;

/**
 * An object as the journal's tables hold it, in three columns: the id of its Akka serializer, the serializer's manifest
 * and its bytes (what akka-persistence-jdbc 5 writes, so journals of either read the same).
 */
record SerializedPayload(int serializerId, String manifest, byte[] bytes) {

    /** {@code o} serialized by the serializer Akka's configuration binds to its class. */
    static SerializedPayload of(Serialization serialization, Object o) throws Exception {
        Serializer serializer = serialization.findSerializerFor(o);
        return new SerializedPayload(serializer.identifier(), Serializers.manifestFor(serializer, o),
                serialization.serialize(o).get());
    }

    /** The metadata of an event or snapshot, serialized; empty when there is none. */
    static Optional<SerializedPayload> ofMetadata(Serialization serialization, Option<Object> metadata)
            throws Exception {
        return metadata.isEmpty() ? Optional.empty() : Optional.of(of(serialization, metadata.get()));
    }

    /** The payload in the columns {@code column} to {@code column + 2} of {@code row}; empty if null. */
    static Optional<SerializedPayload> read(ResultSet row, int column) throws SQLException {
        int id = row.getInt(column);
        if (row.wasNull()) return Optional.empty();
        return Optional.of(new SerializedPayload(id, row.getString(column + 1), row.getBytes(column + 2)));
    }

    /** The object again. */
    Object restore(Serialization serialization) {
        return serialization.deserialize(bytes, serializerId, manifest).get();
    }

    /** Sets the parameters {@code index} (serializer id), {@code index + 1} (manifest), {@code index + 2} (bytes). */
    void bind(PreparedStatement statement, int index) throws SQLException {
        statement.setInt(index, serializerId);
        statement.setString(index + 1, manifest);
        statement.setBytes(index + 2, bytes);
    }

    /** Binds {@code payload} as {@link #bind} does, or three nulls. */
    static void bind(Optional<SerializedPayload> payload, PreparedStatement statement, int index) throws SQLException {
        if (payload.isPresent()) {
            payload.get().bind(statement, index);
        } else {
            statement.setNull(index, Types.INTEGER);
            statement.setNull(index + 1, Types.VARCHAR);
            statement.setNull(index + 2, Types.BINARY);
        }
    }
}

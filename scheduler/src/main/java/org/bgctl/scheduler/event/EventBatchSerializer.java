package org.bgctl.scheduler.event;

import akka.serialization.SerializerWithStringManifest;
import java.io.NotSerializableException;

/**
 * Writes the journal's entries, {@link EventBatch}es, in a compact binary form of their own ({@link EventBatchFormat})
 * rather than Jackson CBOR: a durable replay waits for each entry to be serialized before it goes on. Entries written
 * before it, by the Jackson serializer ({@code bgctl-cbor}, still registered), keep its identifier in their rows and
 * are read by it; every other message stays on Jackson.
 */
public final class EventBatchSerializer extends SerializerWithStringManifest {

    /** The serializer's identifier, stored in each journal row it wrote. */
    public static final int IDENTIFIER = 7434;
    /** The manifest of the format's first version. */
    static final String VERSION_1 = "1";

    @Override
    public int identifier() {
        return IDENTIFIER;
    }

    @Override
    public String manifest(Object o) {
        return VERSION_1;
    }

    @Override
    public byte[] toBinary(Object o) {
        if (o instanceof EventBatch batch) return EventBatchFormat.write(batch);
        throw new IllegalArgumentException("only event batches are written compactly, not " + o.getClass().getName());
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        if (!VERSION_1.equals(manifest))
            throw new NotSerializableException("event batch of unknown format version '" + manifest + "'");
        try {
            return EventBatchFormat.read(bytes);
        } catch (IllegalArgumentException e) {
            NotSerializableException failure = new NotSerializableException("malformed event batch: " + e.getMessage());
            failure.initCause(e);
            throw failure;
        }
    }
}

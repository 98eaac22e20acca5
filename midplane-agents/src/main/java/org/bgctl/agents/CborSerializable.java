package org.bgctl.agents;

/**
 * Marker for every message and event that may cross a process boundary or enter the journal;
 * bound to Akka's {@code jackson-cbor} serializer in {@code reference.conf}.
 */
public interface CborSerializable {
}

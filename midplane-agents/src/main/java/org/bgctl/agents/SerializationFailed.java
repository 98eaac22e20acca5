package org.bgctl.agents;

/**
 * A message of bgctl could not be serialized or deserialized, so it was dropped: published on the event stream of
 * the actor system where it happened by {@link ReportingCborSerializer}, and sent by a cluster member to the
 * driver.
 *
 * @param message   the message's class (for a message not read back, the manifest it came with)
 * @param direction whether it could not be written or not be read back
 * @param member    the address of the actor system where it happened
 * @param cause     the serializer's error, first line
 */
public record SerializationFailed(String message, Direction direction, String member, String cause)
        implements CborSerializable {

    /** Which way the message failed. */
    public enum Direction {
        SERIALIZE("serialized"), DESERIALIZE("deserialized");

        private final String participle;

        Direction(String participle) {
            this.participle = participle;
        }
    }

    /** One line naming the message, where and why, and what it means for the run. */
    public String describe() {
        return "message " + message + " could not be " + direction.participle + " on " + member + " (" + cause
                + "); Akka dropped it, so the run would not be the one a single JVM gives: stopped";
    }
}

package org.bgctl.agents;

import akka.actor.ExtendedActorSystem;
import akka.serialization.SerializerWithStringManifest;
import java.io.NotSerializableException;

/**
 * The serializer of every {@link CborSerializable}: Akka's Jackson CBOR serializer (made when first needed,
 * {@link DeferredCborSerializer}), which also tells the actor
 * system's event stream ({@link SerializationFailed}) when a message cannot be written or read back. Akka logs such
 * a message and drops it; bgctl must not go on without it, so the cluster's members report it to the driver, which
 * stops the run.
 */
public final class ReportingCborSerializer extends SerializerWithStringManifest {

    /** The binding name: its Jackson settings are {@code akka.serialization.jackson.bgctl-cbor}. */
    public static final String BINDING = "bgctl-cbor";

    private final ExtendedActorSystem system;
    private final DeferredCborSerializer cbor;

    public ReportingCborSerializer(ExtendedActorSystem system) {
        this.system = system;
        this.cbor = new DeferredCborSerializer(system, BINDING);
    }

    @Override
    public int identifier() {
        return cbor.identifier();
    }

    @Override
    public String manifest(Object message) {
        return cbor.manifest(message);
    }

    @Override
    public byte[] toBinary(Object message) {
        try {
            return cbor.toBinary(message);
        } catch (Exception e) {
            // Jackson's errors are IOExceptions the Scala code throws undeclared: rethrown as they came
            report(message.getClass().getName(), SerializationFailed.Direction.SERIALIZE, e);
            throw e;
        }
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        try {
            return cbor.fromBinary(bytes, manifest);
        } catch (Exception e) {
            report(manifest, SerializationFailed.Direction.DESERIALIZE, e);
            throw e;
        }
    }

    private void report(String message, SerializationFailed.Direction direction, Throwable cause) {
        String text = cause.getMessage() == null ? "" : cause.getMessage().lines().findFirst().orElse("");
        system.eventStream().publish(new SerializationFailed(message, direction, system.provider().getDefaultAddress()
                .toString(), cause.getClass().getSimpleName() + ": " + text));
    }
}

package org.bgctl.agents;

import akka.actor.ExtendedActorSystem;
import akka.serialization.jackson.JacksonCborSerializer;
import java.io.NotSerializableException;

/**
 * Akka's Jackson CBOR serializer of a binding, made when a message first needs it. Akka's serialization creates every
 * serializer its configuration names as the actor system starts, and a Jackson serializer builds its object mapper
 * (Jackson's modules, Scala's included) in its constructor; a run in one JVM may never serialize a Jackson message.
 */
public final class DeferredCborSerializer extends BindingSerializer {

    private final ExtendedActorSystem system;
    private volatile JacksonCborSerializer cbor;

    /** The constructor Akka calls for a serializer of the binding {@code binding}. */
    public DeferredCborSerializer(ExtendedActorSystem system, String binding) {
        super(system, binding);
        this.system = system;
    }

    @Override
    public String manifest(Object message) {
        return cbor().manifest(message);
    }

    @Override
    public byte[] toBinary(Object message) {
        return cbor().toBinary(message);
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        return cbor().fromBinary(bytes, manifest);
    }

    private JacksonCborSerializer cbor() {
        JacksonCborSerializer made = cbor;
        if (made != null) return made;
        synchronized (this) {
            if (cbor == null) cbor = new JacksonCborSerializer(system, binding);
            return cbor;
        }
    }
}

package org.bgctl.run;

import akka.actor.ExtendedActorSystem;
import java.io.NotSerializableException;
import org.bgctl.agents.BindingSerializer;

/**
 * Stands in a local actor system for a serializer it has no use for ({@link LocalSystemConfig}): it keeps the
 * serializer's name and identifier, so that nothing else can take them, and serializes nothing.
 */
public final class LocalOnlySerializer extends BindingSerializer {

    /** The constructor Akka calls for the serializer of the binding {@code binding}. */
    public LocalOnlySerializer(ExtendedActorSystem system, String binding) {
        super(system, binding);
    }

    @Override
    public String manifest(Object message) {
        throw refused();
    }

    @Override
    public byte[] toBinary(Object message) {
        throw refused();
    }

    @Override
    public Object fromBinary(byte[] bytes, String manifest) throws NotSerializableException {
        throw new NotSerializableException(refused().getMessage());
    }

    private UnsupportedOperationException refused() {
        return new UnsupportedOperationException("serializer " + binding + " is not used by an actor system local"
                + " to one JVM");
    }
}

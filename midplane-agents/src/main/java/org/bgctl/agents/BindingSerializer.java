package org.bgctl.agents;

import akka.actor.ExtendedActorSystem;
import akka.serialization.SerializerWithStringManifest;
import com.typesafe.config.ConfigUtil;

/**
 * A serializer made by Akka for one binding of {@code akka.actor.serializers}, whose identifier is the binding's in
 * {@code akka.actor.serialization-identifiers}, as Akka's Jackson serializers' are.
 */
public abstract class BindingSerializer extends SerializerWithStringManifest {

    /** The binding's name. */
    protected final String binding;
    private final int identifier;

    protected BindingSerializer(ExtendedActorSystem system, String binding) {
        this.binding = binding;
        this.identifier = system.settings().config()
                .getInt(ConfigUtil.joinPath("akka", "actor", "serialization-identifiers", binding));
    }

    @Override
    public final int identifier() {
        return identifier;
    }
}

package org.bgctl.agents;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.eventstream.EventStream;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.Serializers;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The serializer bound to every {@link CborSerializable} writes and reads Jackson CBOR, and when it cannot read a
 * message back it says so on the event stream — a one-component record without {@code @JsonCreator}, the Jackson
 * 2.11 pitfall, is the example — besides failing as Akka's own would.
 */
class ReportingCborSerializerTest {

    private static final ActorTestKit KIT = ActorTestKit.create();

    /** A one-component record without {@code @JsonCreator}: written, but never read back by Jackson 2.11. */
    record Unreadable(long job) implements CborSerializable {
    }

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    @Test
    void everyCborSerializableGoesThroughIt() throws Exception {
        Serialization serialization = SerializationExtension.get(KIT.system());
        UnitProtocol.Adopt adopt = new UnitProtocol.Adopt(7, new NodeClaim("ns-0", 4));
        Serializer serializer = serialization.findSerializerFor(adopt);
        assertEquals(ReportingCborSerializer.class, serializer.getClass());
        byte[] bytes = serialization.serialize(adopt).get();
        assertEquals(adopt, serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, adopt)).get());
    }

    @Test
    void whatAkkasJacksonCborWroteIsStillRead() throws Exception {
        // journals written before bgctl-cbor name jackson-cbor's identifier, 33
        Serialization serialization = SerializationExtension.get(KIT.system());
        Serializer jacksonCbor = serialization.serializerByIdentity().apply(33);
        UnitProtocol.SetHealth health = new UnitProtocol.SetHealth("node-3", new NodeClaim("ns-0", 1), false);
        byte[] bytes = jacksonCbor.toBinary(health);
        assertEquals(health, serialization.deserialize(bytes, 33, Serializers.manifestFor(jacksonCbor, health)).get());
    }

    @Test
    void aMessageThatCannotBeReadBackIsReported() {
        TestProbe<SerializationFailed> failures = KIT.createTestProbe();
        KIT.system().eventStream().tell(new EventStream.Subscribe<>(SerializationFailed.class, failures.ref()));
        Serialization serialization = SerializationExtension.get(KIT.system());
        Unreadable message = new Unreadable(42);
        Serializer serializer = serialization.findSerializerFor(message);
        byte[] bytes = serialization.serialize(message).get();

        assertThrows(Exception.class, () -> serialization.deserialize(bytes, serializer.identifier(),
                Serializers.manifestFor(serializer, message)).get());

        SerializationFailed failed = failures.receiveMessage();
        assertEquals(Unreadable.class.getName(), failed.message());
        assertEquals(SerializationFailed.Direction.DESERIALIZE, failed.direction());
        assertTrue(failed.cause().startsWith("MismatchedInputException"), failed.cause());
        assertTrue(failed.describe().contains("ReportingCborSerializerTest$Unreadable could not be deserialized on akka://"),
                failed.describe());
    }
}

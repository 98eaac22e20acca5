package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.typed.receptionist.Receptionist;
import akka.actor.typed.receptionist.Receptionist$;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializer;
import akka.serialization.SerializerWithStringManifest;
import akka.serialization.Serializers;
import akka.stream.SystemMaterializer;
import akka.stream.SystemMaterializer$;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.NotSerializableException;
import java.util.List;
import java.util.Set;
import java.util.Map;
import org.bgctl.agents.DeferredCborSerializer;
import org.bgctl.agents.ReportingCborSerializer;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.machine.NodeClaim;
import org.bgctl.scheduler.event.EventBatchSerializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * A local actor system keeps the serializers of messages between JVMs only as stand-ins under their identifiers,
 * binds nothing to them, and still writes and reads every message a replay's journal holds: bgctl's compact entries,
 * Jackson CBOR through bgctl-cbor and what Akka's jackson-cbor wrote. A cluster's configuration is left as it is.
 */
class LocalSystemConfigTest {

    private static final ActorTestKit KIT = ActorTestKit.create(LocalSystemConfig.of(ConfigFactory.load()));
    private static final Serialization SERIALIZATION = SerializationExtension.get(KIT.system());

    @AfterAll
    static void stop() {
        KIT.shutdownTestKit();
    }

    @Test
    void theClusterAndRemotingSerializersAreStandIns() {
        for (int id : new int[] {5, 11, 12, 13, 25, 28, 16, 17, 31}) {
            Serializer serializer = SERIALIZATION.serializerByIdentity().apply(id);
            assertEquals(LocalOnlySerializer.class, serializer.getClass(), "identifier " + id);
            assertThrows(NotSerializableException.class,
                    () -> ((SerializerWithStringManifest) serializer).fromBinary(new byte[0], "any"));
        }
        // bound to none: a Done is java.io.Serializable again, not akka-misc's
        assertEquals(1, SERIALIZATION.findSerializerFor(akka.Done.getInstance()).identifier());
    }

    @Test
    void whatTheJournalHoldsIsStillWrittenAndRead() throws Exception {
        UnitProtocol.SetHealth health = new UnitProtocol.SetHealth("node-3", new NodeClaim("ns-0", 1), false);
        Serializer bound = SERIALIZATION.findSerializerFor(health);
        assertEquals(ReportingCborSerializer.class, bound.getClass());
        assertEquals(health, SERIALIZATION.deserialize(SERIALIZATION.serialize(health).get(), bound.identifier(),
                Serializers.manifestFor(bound, health)).get());

        Serializer jacksonCbor = SERIALIZATION.serializerByIdentity().apply(33);
        assertEquals(DeferredCborSerializer.class, jacksonCbor.getClass());
        assertEquals(health, SERIALIZATION.deserialize(jacksonCbor.toBinary(health), 33,
                Serializers.manifestFor(jacksonCbor, health)).get());

        assertEquals(EventBatchSerializer.class,
                SERIALIZATION.serializerByIdentity().apply(EventBatchSerializer.IDENTIFIER).getClass());
    }

    @Test
    void theMaterializerAndTheReceptionistStartWhenFirstAskedFor() {
        Config config = KIT.system().settings().config();
        assertEquals(Set.of("akka.serialization.SerializationExtension$",
                        "akka.actor.typed.internal.adapter.ActorSystemAdapter$LoadTypedExtensions"),
                Set.copyOf(config.getStringList("akka.library-extensions")));
        assertEquals(List.of(), config.getStringList("akka.actor.typed.library-extensions"));
        assertFalse(KIT.system().classicSystem().hasExtension(SystemMaterializer$.MODULE$));
        assertFalse(KIT.system().hasExtension(Receptionist$.MODULE$));
        assertNotNull(SystemMaterializer.get(KIT.system()).materializer());
        assertNotNull(Receptionist.get(KIT.system()).ref());
        assertTrue(KIT.system().hasExtension(Receptionist$.MODULE$));
    }

    @Test
    void aClusterConfigurationIsLeftAsItIs() {
        Config cluster = ConfigFactory.parseMap(Map.of("akka.actor.provider", "cluster"))
                .withFallback(ConfigFactory.load());
        assertSame(cluster, LocalSystemConfig.of(cluster));
    }
}

package org.bgctl.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import akka.serialization.Serializers;
import com.typesafe.config.ConfigFactory;
import java.io.File;
import java.io.IOException;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.bgctl.agents.CborSerializable;
import org.bgctl.agents.ReportingCborSerializer;
import org.bgctl.agents.UnitProtocol;
import org.bgctl.scheduler.CoreSnapshot;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.event.EventBatch;
import org.bgctl.scheduler.event.EventBatchSerializer;
import org.bgctl.scheduler.event.JobStarted;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Every record that may cross a JVM or enter the journal — each class of bgctl that implements
 * {@link CborSerializable}, found on the class path, so that a new message is covered the day it is written —
 * survives Akka's real serializer under the cluster profile ({@link ReportingCborSerializer}, Jackson CBOR, but for
 * the journal's {@link EventBatch}es, {@link EventBatchSerializer}; Java serialization off): several
 * generated values of each are serialized, deserialized and compared equal. A record the generator cannot build
 * fails the test instead of being skipped.
 */
class MessageRoundTripTest {

    private static final int VARIANTS = 6;

    private static ActorTestKit kit;
    private static Serialization serialization;

    @BeforeAll
    static void start() {
        kit = ActorTestKit.create("roundtrip", ConfigFactory.parseMap(Map.of(
                        "akka.remote.artery.canonical.port", 0,
                        "akka.cluster.seed-nodes", List.of()))
                .withFallback(ConfigFactory.parseResources(ClusterOptions.PROFILE))
                .withFallback(ConfigFactory.load()));
        serialization = SerializationExtension.get(kit.system());
    }

    @AfterAll
    static void stop() {
        kit.shutdownTestKit();
    }

    @Test
    void theScanFindsTheMessagesOfEveryFamily() {
        List<Class<?>> found = messageTypes();
        for (Class<?> known : List.of(UnitProtocol.Resume.class, UnitProtocol.Reserve.class, UnitProtocol.Occupancy.class,
                SchedulerActor.Advance.class, SchedulerActor.Snapshot.class, CoreSnapshot.class, EventBatch.class,
                JobStarted.class))
            assertTrue(found.contains(known), known.getName() + " not found among " + found);
    }

    @Test
    void everyMessageSurvivesTheClusterSerializer() {
        List<String> failures = new ArrayList<>();
        for (Class<?> type : messageTypes()) {
            SampleValues samples = new SampleValues(type.getName().hashCode(), kit.createTestProbe().ref());
            for (int variant = 0; variant < VARIANTS; variant++) {
                Object message = samples.record(type, variant);
                try {
                    Object back = roundTrip(message);
                    if (!message.equals(back))
                        failures.add(type.getName() + ": " + message + " came back as " + back);
                } catch (Exception | AssertionError e) {
                    failures.add(type.getName() + ": " + message + " -> " + e);
                    break;
                }
            }
        }
        if (!failures.isEmpty()) fail(failures.size() + " message types do not survive serialization:\n"
                + String.join("\n", failures));
    }

    @Test
    void aRecordTheGeneratorCannotBuildFailsLoudly() {
        record Opaque(Object anything) implements CborSerializable {
        }
        SampleValues samples = new SampleValues(1, kit.createTestProbe().ref());
        SampleValues.NoSample e = org.junit.jupiter.api.Assertions.assertThrows(SampleValues.NoSample.class,
                () -> samples.record(Opaque.class, 0));
        assertTrue(e.getMessage().contains("java.lang.Object") && e.getMessage().contains("Opaque.anything"),
                e.getMessage());
    }

    private static Object roundTrip(Object message) throws Exception {
        var serializer = serialization.findSerializerFor(message);
        // the journal's entries are written in a compact form of their own; every message goes through Jackson
        Class<?> expected = message instanceof EventBatch ? EventBatchSerializer.class : ReportingCborSerializer.class;
        assertEquals(expected, serializer.getClass(), message.getClass() + " is not bound to " + expected.getSimpleName());
        byte[] bytes = serialization.serialize(message).get();
        String manifest = Serializers.manifestFor(serializer, message);
        return serialization.deserialize(bytes, serializer.identifier(), manifest).get();
    }

    /** The concrete records of bgctl that implement {@link CborSerializable}, by name. */
    static List<Class<?>> messageTypes() {
        TreeSet<String> names = new TreeSet<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path path = Path.of(entry);
            try {
                if (Files.isDirectory(path)) {
                    try (Stream<Path> files = Files.walk(path)) {
                        files.map(f -> path.relativize(f).toString().replace(File.separatorChar, '/'))
                                .filter(MessageRoundTripTest::isBgctlClass).forEach(f -> names.add(className(f)));
                    }
                } else if (entry.endsWith(".jar") && Files.isRegularFile(path) && path.getFileName().toString()
                        .matches("(midplane-agents|scheduler|control-plane)-.*")) {
                    try (JarFile jar = new JarFile(path.toFile())) {
                        for (Enumeration<JarEntry> e = jar.entries(); e.hasMoreElements(); ) {
                            String f = e.nextElement().getName();
                            if (isBgctlClass(f)) names.add(className(f));
                        }
                    }
                }
            } catch (IOException e) {
                throw new IllegalStateException("cannot scan " + entry, e);
            }
        }
        List<Class<?>> types = new ArrayList<>();
        for (String name : names) {
            Class<?> c;
            try {
                c = Class.forName(name, false, MessageRoundTripTest.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(name, e);
            }
            if (CborSerializable.class.isAssignableFrom(c) && !c.isInterface() && !Modifier.isAbstract(c.getModifiers())
                    && !c.isLocalClass()) {
                assertTrue(c.isRecord(), c.getName() + " crosses JVMs but is not a record");
                types.add(c);
            }
        }
        return types;
    }

    private static boolean isBgctlClass(String file) {
        return file.startsWith("org/bgctl/") && file.endsWith(".class") && !file.endsWith("Test.class")
                && !file.contains("Test$");
    }

    private static String className(String file) {
        return file.substring(0, file.length() - ".class".length()).replace('/', '.');
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReferenceCompactionTest {

    @TempDir
    Path dir;

    /** Every reference.conf on the class path appended, as the shaded jar holds them (cli/pom.xml). */
    private static String appendedReferences() throws IOException {
        StringBuilder all = new StringBuilder();
        for (URL url : Collections.list(ReferenceCompactionTest.class.getClassLoader()
                .getResources(ReferenceCompaction.REFERENCE))) {
            try (InputStream in = url.openStream()) {
                all.append(new String(in.readAllBytes(), StandardCharsets.UTF_8)).append('\n');
            }
        }
        return all.toString();
    }

    @Test
    void theJarsReferenceIsCompactedToTheSameConfigurationResolvedAsAkkaResolvesIt() throws IOException {
        String references = appendedReferences();
        assertTrue(references.contains("akka {") && references.contains("bgctl"), "the class path's reference.conf files");
        Path jar = dir.resolve("bgctl.jar");
        byte[] other = "bgctl { x = 1 } # not a reference".getBytes(StandardCharsets.UTF_8);
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry(ReferenceCompaction.REFERENCE));
            out.write(references.getBytes(StandardCharsets.UTF_8));
            out.putNextEntry(new ZipEntry("bgctl-settings.conf"));
            out.write(other);
        }

        ReferenceCompaction.main(new String[] {jar.toString()});

        String compact;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            compact = new String(zip.getInputStream(zip.getEntry(ReferenceCompaction.REFERENCE)).readAllBytes(),
                    StandardCharsets.UTF_8);
            assertArrayEquals(other, zip.getInputStream(zip.getEntry("bgctl-settings.conf")).readAllBytes());
        }
        assertTrue(compact.length() * 3 < references.length(), compact.length() + " of " + references.length());
        assertEquals(1, compact.lines().count(), "one line, without comments");
        Config properties = ConfigFactory.systemProperties();
        Config before = properties.withFallback(ConfigFactory.parseString(references)).resolve();
        Config after = properties.withFallback(ConfigFactory.parseString(compact)).resolve();
        assertEquals(before, after);
        assertEquals(before.getString("akka.actor.provider"), after.getString("akka.actor.provider"));
    }

    /**
     * The jar appends the reference.conf of bgctl's modules before those of Akka's, so Akka's own defaults came after
     * the settings of bgctl's and replaced them: the jar's server answered a request too malformed for its routes in
     * plain text (431 for a long header), took 1024 connections and logged through Akka's stdout logger.
     */
    @Test
    void bgctlsAkkaSettingsHoldInTheJarsReferenceOverAkkasOwn() throws IOException {
        Path jar = dir.resolve("bgctl.jar");
        try (ZipOutputStream out = new ZipOutputStream(Files.newOutputStream(jar))) {
            out.putNextEntry(new ZipEntry(ReferenceCompaction.REFERENCE));
            out.write(appendedReferences().getBytes(StandardCharsets.UTF_8));
            try (InputStream akka = ReferenceCompactionTest.class.getClassLoader().getResourceAsStream("bgctl-akka.conf")) {
                if (akka != null) {
                    out.putNextEntry(new ZipEntry("bgctl-akka.conf"));
                    out.write(akka.readAllBytes());
                }
            }
        }

        ReferenceCompaction.main(new String[] {jar.toString()});

        Config reference;
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            reference = ConfigFactory.systemProperties().withFallback(ConfigFactory.parseString(new String(zip
                    .getInputStream(zip.getEntry(ReferenceCompaction.REFERENCE)).readAllBytes(), StandardCharsets.UTF_8)))
                    .resolve();
        }
        assertEquals("org.bgctl.live.JsonParsingErrorHandler", reference.getString("akka.http.server.parsing.error-handler"));
        assertEquals(512, reference.getInt("akka.http.server.max-connections"));
        assertEquals(java.time.Duration.ofSeconds(30), reference.getDuration("akka.http.server.idle-timeout"));
        assertEquals(java.util.List.of("akka.event.slf4j.Slf4jLogger"), reference.getStringList("akka.loggers"));
    }

    @Test
    void substitutionsAndAppendsStayUnresolvedForAUsersConfigurationToOverride() {
        String text = """
                # a comment
                a { b = 1, c = ${a.b} }   // another
                list = [x]
                list += y
                home = ${?HOME_NOT_SET_FOR_BGCTL}
                "dotted.key" = "v"
                """;
        String compact = ReferenceCompaction.compact(text).orElseThrow();
        assertTrue(compact.contains("${a.b}"), compact);
        Config overridden = ConfigFactory.parseString("a.b = 7").withFallback(ConfigFactory.parseString(compact)).resolve();
        assertEquals(7, overridden.getInt("a.c"));
        assertEquals(java.util.List.of("x", "y"), overridden.getStringList("list"));
        assertEquals("v", overridden.getString("\"dotted.key\""));
        assertTrue(!overridden.hasPath("home"));
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JVM options the {@code ./bgctl} launcher chooses for a command: C1 only for short commands, C2 with less
 * inlining for a sweep and a replay of all of a trace file over 32 MiB (compressed: 4 MiB), ZGC for serve and node, and
 * {@code BGCTL_JAVA_OPTS} instead of any of them. The launcher runs from a copy next to an empty jar, with a
 * {@code java} on the path that prints the options it is given.
 */
class LauncherOptionsTest {

    private static final long MIB = 1L << 20;
    private static final String SHORT = "-Xmx2g -Xss8m -XX:TieredStopAtLevel=1";
    private static final String LONG = "-Xmx2g -Xss8m -XX:InlineSmallCode=1000 -XX:FreqInlineSize=100";

    @TempDir
    Path dir;

    @BeforeEach
    void launcherWithAJavaThatPrintsItsOptions() throws IOException {
        Files.copy(Path.of("..", "bgctl"), dir.resolve("bgctl"));
        Files.createDirectories(dir.resolve("cli/target"));
        Files.createFile(dir.resolve("cli/target/bgctl.jar"));
        Path java = Files.createDirectories(dir.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/bin/sh\necho \"$@\"\n");
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    @Test
    void aReplayOfASmallTraceCompilesWithC1Only() throws Exception {
        assertEquals(SHORT, options(null, "replay", "--trace", trace("small.swf", MIB, false).toString()));
    }

    @Test
    void aReplayOfAllOfATraceOver32MiBCompilesWithC2AndLessInlining() throws Exception {
        Path big = trace("big.swf", 32 * MIB + 1, false);
        assertEquals(LONG, options(null, "replay", "--trace", big.toString(), "--machine", "flat:240"));
        assertEquals(LONG, options(null, "replay", "--machine", "flat:240", "--trace=" + big));
        assertEquals(SHORT, options(null, "replay", "--trace", trace("edge.swf", 32 * MIB, false).toString()));
    }

    @Test
    void aReplayOfTheFirstJobsOfALargeTraceStaysShort() throws Exception {
        Path big = trace("big.swf", 40 * MIB, false);
        assertEquals(SHORT, options(null, "replay", "--trace", big.toString(), "--first", "1000"));
        assertEquals(SHORT, options(null, "replay", "--first=1000", "--trace", big.toString()));
    }

    @Test
    void aCompressedTraceCountsEightTimesItsSize() throws Exception {
        assertEquals(LONG, options(null, "replay", "--trace", trace("big.swf.gz", 4 * MIB + 1, true).toString()));
        assertEquals(SHORT, options(null, "replay", "--trace", trace("small.swf.gz", 4 * MIB, true).toString()));
    }

    @Test
    void otherCommandsKeepTheirOptions() throws Exception {
        String big = trace("big.swf", 40 * MIB, false).toString();
        assertEquals("-Xmx2g -Xss8m -XX:+UseZGC", options(null, "serve", "--trace", big));
        assertEquals(LONG, options(null, "sweep", "--config", "experiment.conf"));
        assertEquals(SHORT, options(null, "inspect", "--trace", big));
        assertEquals(SHORT, options(null, "replay", "--trace", dir.resolve("missing.swf").toString()));
    }

    @Test
    void javaOptionsFromTheEnvironmentReplaceTheLaunchers() throws Exception {
        String big = trace("big.swf", 40 * MIB, false).toString();
        assertEquals("-Xmx256m", options("-Xmx256m", "replay", "--trace", big));
    }

    /** A sparse trace file of {@code bytes} bytes, beginning with gzip's magic bytes when {@code gzip}. */
    private Path trace(String name, long bytes, boolean gzip) throws IOException {
        Path file = dir.resolve(name);
        try (RandomAccessFile out = new RandomAccessFile(file.toFile(), "rw")) {
            if (gzip) out.write(new byte[] {0x1f, (byte) 0x8b});
            out.setLength(bytes);
        }
        return file;
    }

    /** The JVM options before {@code -jar} that the launcher gives java for {@code args}. */
    private String options(String javaOpts, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of("sh", dir.resolve("bgctl").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().put("PATH", dir.resolve("bin") + ":" + System.getenv("PATH"));
        builder.environment().remove("BGCTL_JAVA_OPTS");
        if (javaOpts != null) builder.environment().put("BGCTL_JAVA_OPTS", javaOpts);
        Process process = builder.start();
        String printed = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, process.waitFor(), printed);
        assertTrue(printed.contains(" -jar "), printed);
        return printed.substring(0, printed.indexOf(" -jar "));
    }
}

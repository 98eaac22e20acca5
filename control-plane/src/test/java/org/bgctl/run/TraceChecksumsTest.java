package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trace's checksum is kept and used while the file is unchanged and was settled when the entry was written; a
 * changed file, an entry written too soon after a change, a corrupt entry, no folder or a folder that cannot be
 * written all cost a reading, never a wrong checksum.
 */
class TraceChecksumsTest {

    private static final String FAKE = "ab".repeat(32);

    @TempDir
    Path dir;

    @Test
    void aSettledUnchangedTraceIsNotReadAgain() throws Exception {
        Path trace = trace("1 0 0 10 4\n", Instant.parse("2026-01-01T00:00:00Z"));
        TraceChecksums sums = keptAsFake(trace);
        // an entry that says otherwise is believed: the trace was not read again
        assertEquals(FAKE, sums.sha256(TraceSource.file(trace)));
        // the resume's check always reads the trace
        assertEquals(sha256(trace), TraceChecksums.read(TraceSource.file(trace)));
    }

    @Test
    void aChangedTraceIsReadAgain() throws Exception {
        Path trace = trace("1 0 0 10 4\n", Instant.parse("2026-01-01T00:00:00Z"));
        TraceChecksums sums = keptAsFake(trace);
        trace("1 0 0 10 8\n", Instant.parse("2026-01-01T00:00:01Z")); // same size, a second later
        assertEquals(sha256(trace), sums.sha256(TraceSource.file(trace)));
        trace("1 0 0 10 16\n", Instant.parse("2026-01-01T00:00:01Z")); // same time, another size
        assertEquals(sha256(trace), sums.sha256(TraceSource.file(trace)));
    }

    @Test
    void anEntryWrittenRightAfterTheTraceChangedIsNotTrusted() throws Exception {
        Path trace = trace("1 0 0 10 4\n", null); // modified now
        TraceChecksums sums = keptAsFake(trace);
        Files.setLastModifiedTime(onlyEntry(), Files.getLastModifiedTime(trace)); // written within the same tick
        assertEquals(sha256(trace), sums.sha256(TraceSource.file(trace)));
    }

    @Test
    void aCorruptEntryIsReplaced() throws Exception {
        Path trace = trace("1 0 0 10 4\n", Instant.parse("2026-01-01T00:00:00Z"));
        TraceChecksums sums = new TraceChecksums(dir.resolve("cache"));
        sums.sha256(TraceSource.file(trace));
        Files.writeString(onlyEntry(), "not an entry\n");
        assertEquals(sha256(trace), sums.sha256(TraceSource.file(trace)));
        assertTrue(Files.readString(onlyEntry()).endsWith(sha256(trace) + "\n"));
    }

    @Test
    void noFolderOrOneThatCannotBeWrittenCostsOnlyTheReading() throws Exception {
        Path trace = trace("1 0 0 10 4\n", Instant.parse("2026-01-01T00:00:00Z"));
        assertEquals(sha256(trace), new TraceChecksums(null).sha256(TraceSource.file(trace)));
        Path plainFile = Files.writeString(dir.resolve("plain"), "x");
        assertEquals(sha256(trace), new TraceChecksums(plainFile.resolve("cache")).sha256(TraceSource.file(trace)));
        assertFalse(Files.exists(dir.resolve("cache")));
    }

    @Test
    void theBundledDemoIsRead() throws Exception {
        String sum = new TraceChecksums(dir.resolve("cache")).sha256(TraceSource.DEMO);
        assertEquals(TraceChecksums.read(TraceSource.DEMO), sum);
        assertFalse(Files.exists(dir.resolve("cache")));
    }

    /** Checksums whose entry for {@code trace} was made, then its checksum replaced by {@link #FAKE}. */
    private TraceChecksums keptAsFake(Path trace) throws Exception {
        TraceChecksums sums = new TraceChecksums(dir.resolve("cache"));
        assertEquals(sha256(trace), sums.sha256(TraceSource.file(trace)));
        rewriteSum(onlyEntry(), FAKE);
        return sums;
    }

    private Path trace(String text, Instant modified) throws IOException {
        Path trace = Files.writeString(dir.resolve("trace.swf"), text);
        if (modified != null) Files.setLastModifiedTime(trace, FileTime.from(modified));
        return trace;
    }

    private Path onlyEntry() throws IOException {
        try (Stream<Path> s = Files.list(dir.resolve("cache"))) {
            List<Path> entries = s.toList();
            assertEquals(1, entries.size(), entries.toString());
            return entries.get(0);
        }
    }

    /** Replaces the entry's checksum, keeping its modification time. */
    private static void rewriteSum(Path entry, String sum) throws IOException {
        FileTime written = Files.getLastModifiedTime(entry);
        List<String> lines = Files.readAllLines(entry, StandardCharsets.UTF_8);
        Files.writeString(entry, String.join("\n", lines.subList(0, 3)) + "\n" + sum + "\n");
        Files.setLastModifiedTime(entry, written);
    }

    private static String sha256(Path file) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(file)));
    }
}

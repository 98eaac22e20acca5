package org.bgctl.run;

import com.typesafe.config.Config;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import org.bgctl.config.CacheFolder;
import org.bgctl.swf.SwfReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The SHA-256 of trace files, kept on disk between runs so that a trace replayed again is not read through once more
 * before its run can start (about a tenth of a second for the 5.6 MB SDSC-SP2 trace, the JVM compiling with C1 only).
 * An entry is the file's absolute path, size, modification time (to the nanosecond where the file system keeps it)
 * and identity (device and inode) with the checksum made from it; it is used only while all four are unchanged, and
 * only when it was written at least {@value #SETTLED_S} seconds after the file last changed, so that a change within
 * the file system's timestamp resolution is not missed (the "racily clean" rule of git's index). A file that changes
 * while it is being read gets no entry. A missing, corrupt or foreign entry is replaced; a folder that cannot be
 * written costs only the reading. {@link RunRecord#checkTrace} (resuming) always reads the trace.
 */
final class TraceChecksums {

    /** The config path of the folder; an empty value keeps nothing. */
    static final String CACHE_DIR = "bgctl.trace-checksums.cache-dir";
    /** How long after the file's last change an entry must have been written to be trusted. */
    static final long SETTLED_S = 2;

    private static final Logger log = LoggerFactory.getLogger(TraceChecksums.class);
    private static final String MAGIC = "bgctl trace checksum 1";

    private final Path directory;

    /** Checksums kept in {@code directory} (created when first written), or none when null. */
    TraceChecksums(Path directory) {
        this.directory = directory;
    }

    /** The checksums kept where {@value #CACHE_DIR} says. */
    static TraceChecksums fromConfig(Config config) {
        String dir = config.getString(CACHE_DIR);
        return new TraceChecksums(dir.isBlank() ? null : Path.of(dir));
    }

    /** The SHA-256 of {@code trace}'s bytes, as lower-case hex. */
    String sha256(TraceSource trace) throws IOException {
        if (trace.file() != null) SwfReader.checkReadable(trace.file());
        if (trace.file() == null || directory == null) return read(trace);
        Path file = trace.file().toAbsolutePath().normalize();
        Stamp before = Stamp.of(file);
        Path entry = directory.resolve(HexFormat.of().toHexDigits(file.toString().hashCode()) + ".sha256");
        String kept = kept(entry, file, before);
        if (kept != null) return kept;
        String sum = read(trace);
        if (before.equals(Stamp.of(file))) store(entry, file, before, sum);
        return sum;
    }

    /** Reads {@code trace} through for its SHA-256. */
    static String read(TraceSource trace) throws IOException {
        try (InputStream in = trace.file() != null ? Files.newInputStream(trace.file())
                : TraceSource.class.getResourceAsStream(trace.resource())) {
            if (in == null) throw new IOException("bundled trace " + trace.resource() + " is missing");
            return sha256(in);
        }
    }

    /** Reads {@code file} through for its SHA-256 (a run's other input files, {@link RunRecord}). */
    static String read(Path file) throws IOException {
        try (InputStream in = Files.newInputStream(file)) {
            return sha256(in);
        }
    }

    private static String sha256(InputStream in) throws IOException {
        MessageDigest sha;
        try {
            sha = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
        try (DigestInputStream digest = new DigestInputStream(in, sha)) {
            digest.transferTo(OutputStream.nullOutputStream());
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    /** The checksum {@code entry} keeps for {@code file} as {@code now} describes it, else null. */
    private static String kept(Path entry, Path file, Stamp now) {
        try {
            List<String> lines = Files.readAllLines(entry, StandardCharsets.UTF_8);
            long written = Files.getLastModifiedTime(entry).to(TimeUnit.NANOSECONDS);
            if (lines.size() == 4 && lines.get(0).equals(MAGIC) && lines.get(1).equals(file.toString())
                    && lines.get(2).equals(now.toString()) && lines.get(3).matches("[0-9a-f]{64}")
                    && written - now.modifiedNs() >= TimeUnit.SECONDS.toNanos(SETTLED_S))
                return lines.get(3);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException | RuntimeException e) {
            log.debug("trace checksum {} not used: {}", entry, e.toString());
        }
        return null;
    }

    private void store(Path entry, Path file, Stamp stamp, String sum) {
        try {
            CacheFolder.store(directory, entry.getFileName().toString(),
                    (String.join("\n", MAGIC, file.toString(), stamp.toString(), sum) + "\n")
                            .getBytes(StandardCharsets.UTF_8));
        } catch (IOException e) {
            log.debug("cannot keep the trace checksum in {}: {}", entry, e.toString());
        }
    }

    /** What identifies a file's content without reading it: size, modification time and identity. */
    private record Stamp(long size, long modifiedNs, String identity) {

        static Stamp of(Path file) throws IOException {
            BasicFileAttributes a = Files.readAttributes(file, BasicFileAttributes.class);
            return new Stamp(a.size(), a.lastModifiedTime().to(TimeUnit.NANOSECONDS),
                    Objects.toString(a.fileKey(), "none"));
        }

        @Override
        public String toString() {
            return size + " " + modifiedNs + " " + identity;
        }
    }
}

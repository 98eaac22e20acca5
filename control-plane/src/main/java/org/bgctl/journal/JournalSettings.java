package org.bgctl.journal;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/** The Akka persistence settings for a journal kind. */
public final class JournalSettings {

    /** File name (without H2's suffix) of the journal database inside a run directory. */
    public static final String H2_FILE = "journal";

    /**
     * H2's page cache, in KiB: 8 MiB, whatever the heap (H2's default, 64 MiB, is a quarter of a 256 MiB heap). A
     * journal is written at its end and read once on recovery, so a larger cache buys little.
     */
    static final int H2_CACHE_KB = 8192;

    private JournalSettings() {
    }

    /**
     * The persistence configuration for {@code kind}: the H2 file placed in {@code runDir}, PostgreSQL
     * as {@code bgctl.postgres} (or the environment) says.
     */
    public static Config config(JournalKind kind, Path runDir) {
        return switch (kind) {
            case MEMORY -> ConfigFactory.parseMap(Map.of(
                    "akka.persistence.journal.plugin", "akka.persistence.journal.inmem",
                    "akka.persistence.snapshot-store.plugin", InmemSnapshotStore.PLUGIN));
            case H2 -> h2(h2Url(runDir));
            case POSTGRES -> ConfigFactory.parseResources("bgctl-journal-postgres.conf")
                    .resolveWith(ConfigFactory.load());
        };
    }

    /**
     * The persistence configuration for {@code kind} before the run directory is known, for an actor system started
     * ahead of its run: a memory journal's, or an H2 journal's without its file, which the run places once it is known
     * ({@link JournalDatabase#placeH2}). The scheduler's persistence id is the default, {@code scheduler}.
     *
     * @throws IllegalArgumentException for postgres, whose persistence id is the run's own
     */
    public static Config unplaced(JournalKind kind) {
        return switch (kind) {
            case MEMORY -> config(kind, null);
            case H2 -> ConfigFactory.parseResources("bgctl-journal-h2.conf").resolve();
            case POSTGRES -> throw new IllegalArgumentException("a postgres journal's persistence id is its run's own");
        };
    }

    /**
     * The H2 journal of {@code runDir}, every commit written to the file before it is acknowledged
     * (H2 otherwise delays writes by up to half a second): what a live server, which may be killed at
     * any moment, needs. Event payloads up to a megabyte are kept in their rows rather than in H2's
     * separate LOB store, so that a commit rewrites fewer pages.
     */
    public static Config durableH2(Path runDir) {
        return h2(durableH2Url(runDir));
    }

    /**
     * The JDBC URL of {@link #durableH2}. With no write delay H2 has no background thread, so the file is not
     * compacted as it grows: {@link JournalCompaction} does that for a run that journals this way. The space of data
     * no longer in use is reused at once ({@code RETENTION_TIME=0}; H2 otherwise keeps it for 45 s): under a stream of
     * commits, as a live server makes, the file otherwise grows to a hundred times its data. A replay, which commits
     * once per group of events, keeps H2's retention ({@link #h2Url}): with none, H2 may reuse blocks the file still
     * refers to, and a replay killed then was seen to leave a file that does not open ("File corrupted in chunk").
     */
    public static String durableH2Url(Path runDir) {
        return h2Url(runDir) + ";WRITE_DELAY=0;RETENTION_TIME=0;MAX_LENGTH_INPLACE_LOB=1048576";
    }

    private static Config h2(String url) {
        return ConfigFactory.parseMap(Map.of("bgctl.journal.h2-url", url))
                .withFallback(ConfigFactory.parseResources("bgctl-journal-h2.conf"))
                .resolve();
    }

    /**
     * The JDBC URL of the H2 journal of a run directory. H2 does not close it from a JVM shutdown hook of its own
     * ({@code DB_CLOSE_ON_EXIT=FALSE}): the run closes it, through its actor system, before the JVM exits (a durable
     * replay's own shutdown hook waits for that; Akka's, which would close it under a run still writing, is off).
     * Its cache is bounded ({@link #H2_CACHE_KB}).
     */
    public static String h2Url(Path runDir) {
        return "jdbc:h2:file:" + runDir.toAbsolutePath().resolve(H2_FILE) + ";DB_CLOSE_ON_EXIT=FALSE;CACHE_SIZE="
                + H2_CACHE_KB;
    }

    /** How every H2 database file begins: its store header, {@code H:2,...}. */
    private static final byte[] H2_HEADER = "H:2,".getBytes(StandardCharsets.US_ASCII);

    /**
     * Why the H2 file of {@code runDir} is no journal — it is empty, or does not begin as an H2 database file does —
     * as one line naming it; empty when there is none or it may be one. Asked before H2 opens the file: H2 would write
     * a new database into an empty file, and leaves a {@code .trace.db} beside one it cannot read.
     */
    public static Optional<String> notAJournal(Path runDir) {
        Path file = runDir.resolve(H2_FILE + ".mv.db");
        if (!file.toFile().isFile()) return Optional.empty();
        byte[] head = new byte[H2_HEADER.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(head, 0, head.length);
        } catch (IOException e) {
            return Optional.of("journal " + file + " cannot be read: " + e.getMessage());
        }
        if (read == 0) return Optional.of("journal " + file + " is empty: not a journal (nothing was read)");
        if (read < head.length || !Arrays.equals(head, H2_HEADER))
            return Optional.of("journal " + file + " is not a journal: not an H2 database file (nothing was"
                    + " read)");
        return Optional.empty();
    }

    /**
     * Refuses an H2 file in {@code runDir} that is not empty and not an H2 database file; an empty one, which a run
     * killed as it created its journal may leave, is let through.
     *
     * @throws IllegalArgumentException naming the file, in one line
     */
    public static void refuseNonH2File(Path runDir) {
        if (runDir.resolve(H2_FILE + ".mv.db").toFile().length() == 0) return;
        notAJournal(runDir).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
    }

    /** True when {@code runDir} holds an H2 journal. */
    public static boolean hasH2Journal(Path runDir) {
        return runDir.resolve(H2_FILE + ".mv.db").toFile().isFile();
    }
}

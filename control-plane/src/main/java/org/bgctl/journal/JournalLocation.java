package org.bgctl.journal;

import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;

/**
 * The journal of one run: its kind, the run directory and the scheduler's persistence id. An H2
 * journal is a file of its own in the run directory, so its scheduler is always {@code scheduler};
 * a PostgreSQL journal is shared by every run, so each run's scheduler gets a persistence id of its
 * own, recorded in {@value #MARK} in the run directory for {@code bgctl inspect} and {@code status}.
 */
public record JournalLocation(JournalKind kind, Path runDir, String persistenceId) {

    /** The persistence id of the scheduler in a journal of its own run. */
    public static final String SCHEDULER = "scheduler";

    /** The file that names a run's PostgreSQL journal. */
    public static final String MARK = "journal.properties";

    /** The journal of a new run in {@code runDir}. */
    public static JournalLocation forNewRun(JournalKind kind, Path runDir) {
        return new JournalLocation(kind, runDir,
                kind == JournalKind.POSTGRES ? SCHEDULER + "-" + UUID.randomUUID() : SCHEDULER);
    }

    /**
     * The journal a finished or interrupted run left.
     *
     * @throws IllegalArgumentException when the directory holds none
     */
    public static JournalLocation of(Path runDir) {
        Path mark = runDir.resolve(MARK);
        if (Files.isRegularFile(mark)) {
            Properties p = new Properties();
            try (Reader r = Files.newBufferedReader(mark, StandardCharsets.UTF_8)) {
                p.load(r);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            String id = p.getProperty("persistence_id");
            if (id == null || id.isBlank()) throw new IllegalArgumentException(mark + " names no persistence_id");
            return new JournalLocation(JournalKind.parse(p.getProperty("kind", "postgres")), runDir, id);
        }
        if (JournalSettings.hasH2Journal(runDir)) return new JournalLocation(JournalKind.H2, runDir, SCHEDULER);
        throw new IllegalArgumentException("no journal in " + runDir + " (expected " + JournalSettings.H2_FILE
                + ".mv.db or " + MARK + "; runs made with --journal memory keep none)");
    }

    /**
     * The journal a finished or interrupted run left, to read: as {@link #of}, and an H2 file that is empty (H2 would
     * take it for a new database and write one into it) or not an H2 database file is refused
     * ({@link JournalSettings#notAJournal}).
     *
     * @throws IllegalArgumentException when the directory holds none, or an H2 file that is no journal
     */
    public static JournalLocation toRead(Path runDir) {
        JournalLocation location = of(runDir);
        if (location.kind() == JournalKind.H2) JournalSettings.notAJournal(runDir).ifPresent(why -> {
            throw new IllegalArgumentException(why);
        });
        return location;
    }

    /** True when {@code runDir} holds a journal of either kind. */
    public static boolean exists(Path runDir) {
        return JournalSettings.hasH2Journal(runDir) || Files.isRegularFile(runDir.resolve(MARK));
    }

    /** Records where the journal lives in the run directory, for a journal outside it. */
    public void mark() throws IOException {
        if (kind != JournalKind.POSTGRES) return;
        Properties p = new Properties();
        p.setProperty("kind", "postgres");
        p.setProperty("persistence_id", persistenceId);
        StringWriter text = new StringWriter();
        p.store(text, null);
        // without Properties' date line, which would put the wall clock into the run's outputs
        List<String> lines = new ArrayList<>();
        lines.add("#the run's journal: PostgreSQL at bgctl.postgres.url (or BGCTL_PG_URL)");
        text.toString().lines().filter(line -> !line.startsWith("#")).sorted().forEach(lines::add);
        Files.write(runDir.resolve(MARK), lines, StandardCharsets.UTF_8);
    }

    /** The persistence settings of this journal, with the scheduler's persistence id. */
    public Config config() {
        return ConfigFactory.parseMap(Map.of("bgctl.journal.persistence-id", persistenceId))
                .withFallback(JournalSettings.config(kind, runDir));
    }
}

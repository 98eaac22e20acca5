package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSettings;
import org.bgctl.journal.JournalVerifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run directory of a server killed with SIGKILL while jobs were being submitted (resources
 * journals/killed-server): its H2 file holds 51 journal entries, the last two (jobs 45 and 46, both acknowledged)
 * after the chunk its header names. Opened by bgctl and closed again before anything else is written, it keeps them:
 * read by {@code inspect}, by a server refused on it (a new speed without {@code --override}), or by one started on it
 * and stopped at once. Opened and closed by
 * a plain H2 connection, the same file loses them, which is what the fixture is for.
 */
class RecoveredJournalTest {

    private static final String RUN = "journals/killed-server/";

    /** What the killed server wrote: every entry up to the last acknowledged job's. */
    private static final JournalVerifier.Result AS_KILLED = new JournalVerifier.Result(51, 97, 2, Optional.empty());

    @TempDir
    Path dir;

    @Test
    void readingAKilledServersJournalTwiceLosesNothing() throws IOException {
        Path run = killedServer(dir.resolve("run"));
        for (int i = 0; i < 2; i++) {
            CliRun verify = CliRun.of("inspect", "--run", run.toString(), "--verify");
            assertEquals(0, verify.exit(), verify.toString());
            assertTrue(verify.out().contains("holds 51 entries numbered 1 to 51 (97 events) and 2 snapshots"),
                    verify.toString());
        }
        assertEquals(AS_KILLED, JournalVerifier.verify(JournalLocation.of(run)));
    }

    @Test
    void aServerRefusedOnItLosesNothing() throws IOException {
        Path run = killedServer(dir.resolve("run"));
        CliRun refused = CliRun.of("serve", "--run", run.toString(), "--port", "0", "--speed", "1");
        assertEquals(2, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("nothing was changed"), refused.toString());
        assertEquals(AS_KILLED, JournalVerifier.verify(JournalLocation.of(run)));
    }

    @Test
    void aServerStartedOnItAndStoppedAtOnceKeepsTheAcknowledgedJobs() throws Exception {
        Path run = killedServer(dir.resolve("run"));
        ServeProcess server = ServeProcess.start(run);
        try {
            assertEquals(46, server.get("/api/jobs").size());
        } finally {
            server.stop();
        }
        Path jobs = dir.resolve("jobs.csv");
        CliRun table = CliRun.of("inspect", "--run", run.toString(), "--jobs-csv", jobs.toString());
        assertEquals(0, table.exit(), table.toString());
        assertEquals(1 + 46, Files.readAllLines(jobs).size(), "the header and a row per acknowledged job");
    }

    /** The fixture shows what bgctl guards against: a plain open and close of the file drops its last commits. */
    @Test
    void aPlainH2OpenAndCloseOfTheSameFileDropsItsLastCommits() throws Exception {
        Path run = killedServer(dir.resolve("run"));
        assertEquals(51, lastEntry(run));
        assertEquals(49, lastEntry(run));
    }

    private static long lastEntry(Path run) throws SQLException {
        try (Connection c = DriverManager.getConnection(JournalSettings.h2Url(run), "sa", "");
             ResultSet r = c.createStatement().executeQuery("SELECT MAX(\"sequence_number\") FROM \"event_journal\"")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static Path killedServer(Path run) throws IOException {
        Files.createDirectories(run);
        for (String name : new String[] {"journal.mv.db", "summary.json"}) {
            try (InputStream in = RecoveredJournalTest.class.getClassLoader().getResourceAsStream(RUN + name)) {
                Files.copy(in, run.resolve(name));
            }
        }
        return run;
    }
}

package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The H2 file of a server (bgl, EASY, 20 virtual seconds per second, a snapshot every 10 entries) under two clients
 * submitting jobs as fast as it acknowledges them, as a SIGKILL leaves it (resources journals/killed-while-submitting):
 * 289 journal entries. Read and closed as {@code inspect --verify} reads it, then read again (as a server started
 * again on it does), it keeps them all; without its rewrite on first opening, the second reading found 285.
 */
class H2ConnectionsTest {

    /** What the killed server wrote. */
    private static final JournalVerifier.Result AS_KILLED = new JournalVerifier.Result(289, 535, 2, Optional.empty());

    @TempDir
    Path dir;

    @Test
    void aKilledServersFileReadTwiceKeepsEveryEntry() throws IOException {
        Path run = killedServer();
        assertEquals(AS_KILLED, JournalVerifier.verify(JournalLocation.of(run)));
        assertEquals(AS_KILLED, JournalVerifier.verify(JournalLocation.of(run)));
    }

    @Test
    void onceOpenedTheFileKeepsItsEntriesForAnyReader() throws Exception {
        Path run = killedServer();
        H2Connections.open(JournalSettings.h2Url(run)).close();
        assertEquals(289, lastEntryByPlainH2(run));
        assertEquals(289, lastEntryByPlainH2(run));
    }

    private static long lastEntryByPlainH2(Path run) throws SQLException {
        try (Connection c = DriverManager.getConnection(JournalSettings.h2Url(run), "sa", "");
             ResultSet r = c.createStatement().executeQuery("SELECT MAX(\"sequence_number\") FROM \"event_journal\"")) {
            r.next();
            return r.getLong(1);
        }
    }

    private Path killedServer() throws IOException {
        Path run = Files.createDirectories(dir.resolve("run"));
        try (InputStream in = H2ConnectionsTest.class.getResourceAsStream(
                "/journals/killed-while-submitting/journal.mv.db")) {
            Files.copy(in, run.resolve(JournalSettings.H2_FILE + ".mv.db"));
        }
        return run;
    }
}

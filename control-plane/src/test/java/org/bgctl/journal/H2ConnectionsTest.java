package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Optional;
import org.h2.api.ErrorCode;
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

    @Test
    void aKilledServersEventsAreReadOnceEach() throws IOException {
        Path run = killedServer();
        long[] seen = {0};
        assertEquals(AS_KILLED.events(), JournalReader.read(run, e -> seen[0]++));
        assertEquals(AS_KILLED.events(), seen[0]);
    }

    @Test
    void aReadingThatFailsReadOnlyIsReadAgainOnTheFileOpenedForWriting() throws SQLException {
        String url = cleanlyClosedFile();
        int[] readings = {0};
        String read = H2Connections.read(url, c -> {
            if (readings[0]++ == 0) throw new SQLException("Cannot read field \"streamStoreId\"");
            try (Statement s = c.createStatement()) {
                s.execute("INSERT INTO \"t\" VALUES (2)"); // a connection that may write
            }
            return "read";
        });
        assertEquals("read", read);
        assertEquals(2, readings[0]);
    }

    @Test
    void aFileAnotherProcessHoldsIsNotReadAgain() throws SQLException {
        String url = cleanlyClosedFile();
        int[] readings = {0};
        SQLException e = assertThrows(SQLException.class, () -> H2Connections.read(url, c -> {
            readings[0]++;
            throw new SQLException("held", null, ErrorCode.DATABASE_ALREADY_OPEN_1);
        }));
        assertEquals(ErrorCode.DATABASE_ALREADY_OPEN_1, e.getErrorCode());
        assertEquals(1, readings[0]);
    }

    /** The URL of an H2 file with one table, closed cleanly. */
    private String cleanlyClosedFile() throws SQLException {
        String url = "jdbc:h2:file:" + dir.resolve("clean").toAbsolutePath();
        try (Connection c = H2Connections.open(url); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"t\" (\"v\" INT)");
        }
        return url;
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

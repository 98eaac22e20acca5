package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Random;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable H2 journal written one small commit at a time, as a live server writes it, stays within a small factor
 * of its data while compacted (without it, H2 keeps a chunk per commit and the file grows to about a hundred times
 * the data). Beside the live data the file holds the chunks written since the last compaction, so how far it exceeds
 * its data depends on how many commits come in one compaction interval: 1.4 to 3.2 times in fifteen runs on a
 * 2-core machine, loaded or not.
 */
class JournalCompactionTest {

    @TempDir
    Path run;

    @Test
    void aFileOfSmallCommitsStaysWithinFourTimesItsData() throws Exception {
        try (Connection c = DriverManager.getConnection(JournalSettings.durableH2Url(run), "sa", "");
             JournalCompaction compaction = JournalCompaction.start(run)) {
            long data = writeSmallCommits(c);
            long size = Files.size(run.resolve(JournalSettings.H2_FILE + ".mv.db"));
            assertTrue(size <= 4 * data, "the file holds " + size + " bytes for " + data + " of data");
        }
    }

    /**
     * A journal only opened is left as it is until compacting starts (a restarting server streams its events first):
     * compaction moves live pages to new chunks, which changes the chunks' fill rate at the next commit.
     */
    @Test
    void anOpenedJournalIsCompactedOnlyOnceAsked() throws Exception {
        try (Connection c = DriverManager.getConnection(JournalSettings.durableH2Url(run), "sa", "");
             JournalCompaction compaction = JournalCompaction.open(run)) {
            writeSmallCommits(c);
            MVStore store = ((SessionLocal) ((JdbcConnection) c).getSession()).getDatabase().getStore().getMvStore();
            int fragmented = store.getChunksFillRate();
            assertTrue(fragmented < JournalCompaction.FILL_RATE, "fill rate " + fragmented);
            int opened = fillRateAfterAWhile(c, store, 4001);
            compaction.compact();
            int compacting = fillRateAfterAWhile(c, store, 4002);
            assertEquals(fragmented, opened, "pages moved before compacting was asked for");
            assertNotEquals(fragmented, compacting, "no pages moved once compacting");
        }
    }

    /** The fill rate after five compaction intervals and one more commit (which stores what compaction moved). */
    private static int fillRateAfterAWhile(Connection c, MVStore store, long n) throws Exception {
        Thread.sleep(5 * JournalCompaction.INTERVAL_MS);
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO \"entries\" VALUES (?, ?)")) {
            insert.setLong(1, n);
            insert.setBytes(2, new byte[10]);
            insert.executeUpdate();
        }
        return store.getChunksFillRate();
    }

    /** Writes 4000 entries of 1000 bytes, one commit each, as a live server journals; returns the bytes written. */
    private static long writeSmallCommits(Connection c) throws Exception {
        byte[] payload = new byte[1000];
        new Random(1).nextBytes(payload);
        long data = 0;
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE \"entries\" (\"n\" BIGINT PRIMARY KEY, \"payload\" VARBINARY(2000))");
        }
        try (PreparedStatement insert = c.prepareStatement("INSERT INTO \"entries\" VALUES (?, ?)")) {
            for (int i = 1; i <= 4000; i++) {
                insert.setLong(1, i);
                insert.setBytes(2, payload);
                insert.executeUpdate();
                data += payload.length;
            }
        }
        return data;
    }
}

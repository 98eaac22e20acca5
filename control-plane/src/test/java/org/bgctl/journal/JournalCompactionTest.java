package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable H2 journal written one small commit at a time, as a live server writes it, stays within a small factor
 * of its data while compacted (without it, H2 keeps a chunk per commit and the file grows to about a hundred times
 * the data).
 */
class JournalCompactionTest {

    @TempDir
    Path run;

    @Test
    void aFileOfSmallCommitsStaysWithinThreeTimesItsData() throws Exception {
        byte[] payload = new byte[1000];
        new Random(1).nextBytes(payload);
        long data = 0;
        try (Connection c = DriverManager.getConnection(JournalSettings.durableH2Url(run), "sa", "");
             JournalCompaction compaction = JournalCompaction.start(run)) {
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
            long size = Files.size(run.resolve(JournalSettings.H2_FILE + ".mv.db"));
            assertTrue(size <= 3 * data, "the file holds " + size + " bytes for " + data + " of data");
        }
    }
}

package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run's H2 file opened ahead: its schema is made and committed, its connection is handed over once, and one never
 * handed over is closed, so the file opens again; a file that cannot be opened fails as the journal's opening does.
 */
class H2OpeningTest {

    @TempDir
    Path dir;

    @Test
    void theTakerGetsAnOpenConnectionWithTheSchemaCommitted() throws Exception {
        String url = JournalSettings.h2Url(dir);
        try (H2Opening opening = H2Opening.start(url)) {
            opening.ready().toCompletableFuture().join();
            try (Connection c = opening.take()) {
                assertTrue(tables(c) >= 3, "the journal's tables");
                assertEquals(false, c.getAutoCommit());
                assertThrows(IllegalStateException.class, opening::take);
            }
        }
    }

    @Test
    void oneNeverTakenIsClosedAndTheFileOpensAgain() throws Exception {
        String url = JournalSettings.h2Url(dir);
        H2Opening opening = H2Opening.start(url);
        opening.close();
        assertThrows(IllegalStateException.class, opening::take);
        try (Connection again = H2Connections.open(url)) {
            assertTrue(tables(again) >= 3, "the schema was committed before the close");
        }
    }

    @Test
    void aFileThatCannotBeOpenedFailsTheOpening() throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("plain-file"), "x");
        try (H2Opening opening = H2Opening.start(JournalSettings.h2Url(notADirectory))) {
            CompletionException e = assertThrows(CompletionException.class,
                    () -> opening.ready().toCompletableFuture().join());
            assertTrue(e.getCause().getMessage().startsWith("cannot open the journal: "), e.getCause().getMessage());
            IllegalArgumentException taken = assertThrows(IllegalArgumentException.class, opening::take);
            assertTrue(taken.getMessage().startsWith("cannot open the journal: "), taken.getMessage());
        }
    }

    private static int tables(Connection c) throws SQLException {
        int n = 0;
        try (ResultSet rs = c.getMetaData().getTables(null, "PUBLIC", null, new String[] {"TABLE"})) {
            while (rs.next()) n++;
        }
        return n;
    }
}

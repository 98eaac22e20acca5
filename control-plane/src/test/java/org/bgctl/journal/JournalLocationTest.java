package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JournalLocationTest {

    @TempDir
    Path dir;

    @Test
    void thePostgresMarkHoldsTheJournalAndNoDate() throws Exception {
        JournalLocation location = new JournalLocation(JournalKind.POSTGRES, dir, "scheduler-1234");
        location.mark();
        assertEquals(List.of("#the run's journal: PostgreSQL at bgctl.postgres.url (or BGCTL_PG_URL)", "kind=postgres",
                        "persistence_id=scheduler-1234"),
                Files.readAllLines(dir.resolve(JournalLocation.MARK), StandardCharsets.UTF_8));
        assertEquals(location, JournalLocation.of(dir));
    }
}

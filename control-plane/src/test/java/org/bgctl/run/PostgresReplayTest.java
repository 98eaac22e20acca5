package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalReader;
import org.bgctl.journal.PostgresTesting;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PostgresReplayTest {

    @Test
    void aReplayJournaledInPostgresGivesTheJobsOfTheH2Replay(@TempDir Path dir) throws Exception {
        PostgresTesting.assumeReachable();
        Path h2 = dir.resolve("h2");
        Path postgres = dir.resolve("postgres");
        Runs.replay(Runs.SDSC, "flat:128", "easy", ExecutorKind.ACTORS, JournalKind.H2, h2);
        Runs.replay(Runs.SDSC, "flat:128", "easy", ExecutorKind.ACTORS, JournalKind.POSTGRES, postgres);
        Runs.assertSameOutputs(h2, postgres);

        JournalLocation journal = JournalLocation.of(postgres);
        assertEquals(JournalKind.POSTGRES, journal.kind());
        assertTrue(Runs.assertJournalRebuildsJobsCsv(postgres) > 0);
    }

    @Test
    void eachRunHasAPersistenceIdOfItsOwn(@TempDir Path dir) throws Exception {
        PostgresTesting.assumeReachable();
        Runs.replay(Runs.NASA, "flat:128", "fcfs", ExecutorKind.ACTORS, JournalKind.POSTGRES, dir.resolve("a"));
        Runs.replay(Runs.NASA, "flat:128", "fcfs", ExecutorKind.ACTORS, JournalKind.POSTGRES, dir.resolve("b"));
        String a = JournalLocation.of(dir.resolve("a")).persistenceId();
        String b = JournalLocation.of(dir.resolve("b")).persistenceId();
        assertNotEquals(a, b);
        long[] counts = {JournalReader.read(dir.resolve("a"), e -> { }), JournalReader.read(dir.resolve("b"), e -> { })};
        assertEquals(counts[0], counts[1]);
    }
}

package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bgctl.journal.JournalKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplayOutputsTest {

    @Test
    void actorRunAndDirectRunWriteTheSameBytes(@TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        Runs.replay(Runs.SDSC, "flat:128", "easy", ExecutorKind.ACTORS, JournalKind.H2, actors);
        Runs.replay(Runs.SDSC, "flat:128", "easy", ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        Runs.assertSameOutputs(actors, direct);
    }

    @Test
    void theSameReplayTwiceGivesIdenticalOutputs(@TempDir Path dir) throws Exception {
        Path first = dir.resolve("first");
        Path second = dir.resolve("second");
        Runs.replay(Runs.SDSC, "flat:128", "conservative", ExecutorKind.ACTORS, JournalKind.H2, first);
        Runs.replay(Runs.SDSC, "flat:128", "conservative", ExecutorKind.ACTORS, JournalKind.H2, second);
        Runs.assertSameOutputs(first, second);
    }

    @Test
    void theJournalAloneRebuildsJobsCsvExactly(@TempDir Path dir) throws Exception {
        Runs.replay(Runs.NASA, "flat:32", "easy", ExecutorKind.ACTORS, JournalKind.H2, dir);
        assertTrue(Runs.assertJournalRebuildsJobsCsv(dir) > 0);
    }

    @Test
    void aRunDirectoryWithAJournalIsNeverOverwritten(@TempDir Path dir) throws Exception {
        Runs.replay(Runs.NASA, "flat:128", "fcfs", ExecutorKind.ACTORS, JournalKind.H2, dir);
        byte[] before = Files.readAllBytes(dir.resolve("jobs.csv"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Runs.replay(Runs.NASA, "flat:128", "easy", ExecutorKind.ACTORS, JournalKind.H2, dir));
        assertTrue(e.getMessage().contains("already holds a journal"), e.getMessage());
        assertArrayEquals(before, Files.readAllBytes(dir.resolve("jobs.csv")));
    }
}

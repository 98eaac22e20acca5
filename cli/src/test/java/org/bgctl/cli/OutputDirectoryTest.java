package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSettings;
import org.bgctl.run.AgentsDisagree;
import org.bgctl.run.RunRecord;
import org.bgctl.run.StoppedMidRun;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {

    @TempDir
    Path work;

    /** A run into runs/r that writes its summary, then fails with {@code failure}; answers its directory. */
    private Path failedRun(RuntimeException failure) {
        return failedRun(failure, "summary.json");
    }

    /** A run into runs/r that writes {@code files}, then fails with {@code failure}; answers its directory. */
    private Path failedRun(RuntimeException failure, String... files) {
        Path dir = work.resolve("runs").resolve("r");
        assertSame(failure, assertThrows(RuntimeException.class, () -> OutputDirectory.removedOnFailure(dir, () -> {
            Files.createDirectories(dir);
            for (String file : files) Files.writeString(dir.resolve(file), "{}");
            throw failure;
        })));
        return dir;
    }

    @Test
    void aFailedRunsNewDirectoryIsRemovedWithTheParentsItCreated() {
        failedRun(new IllegalArgumentException("bad line"));
        assertFalse(Files.exists(work.resolve("runs")));
    }

    @Test
    void aRunWhoseAgentsDisagreeKeepsItsOutputsAsTheEvidence() {
        Path dir = failedRun(new AgentsDisagree("agent audit: 1 disagreement(s)"));
        assertTrue(Files.isRegularFile(dir.resolve("summary.json")));
    }

    @Test
    void aDurableRunStoppedMidRunKeepsItsJournalAndRunRecordForAResume() {
        Path dir = failedRun(new StoppedMidRun("member lost"), RunRecord.FILE, JournalSettings.H2_FILE + ".mv.db");
        assertTrue(Files.isRegularFile(dir.resolve(RunRecord.FILE)));
        assertTrue(JournalLocation.exists(dir));
    }

    @Test
    void aRunStoppedMidRunWithNothingToResumeIsRemoved() {
        failedRun(new StoppedMidRun("member lost"), "summary.json");
        assertFalse(Files.exists(work.resolve("runs")));
    }
}

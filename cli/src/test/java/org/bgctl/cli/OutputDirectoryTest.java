package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.bgctl.run.AgentsDisagree;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OutputDirectoryTest {

    @TempDir
    Path work;

    /** A run into runs/r that writes its summary, then fails with {@code failure}; answers its directory. */
    private Path failedRun(RuntimeException failure) {
        Path dir = work.resolve("runs").resolve("r");
        assertSame(failure, assertThrows(RuntimeException.class, () -> OutputDirectory.removedOnFailure(dir, () -> {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve("summary.json"), "{}");
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
}

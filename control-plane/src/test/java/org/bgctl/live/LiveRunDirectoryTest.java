package org.bgctl.live;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory belongs to one server at a time, and what a stopped server writes in it is complete: a second
 * server on the directory is refused at once with one line, and the counts summary.json records at the stop are
 * those of the journal, the last events included, though jobs were ending until the stop.
 */
class LiveRunDirectoryTest {

    @TempDir
    Path dir;

    private static ServeSpec spec(Path run, double speed) {
        return new ServeSpec("flat:64", "easy", speed, Optional.empty(), 0, run, "127.0.0.1", 0, Optional.empty());
    }

    @Test
    void aSecondServerOnTheSameRunDirectoryIsRefusedInOneLine() throws Exception {
        Path run = dir.resolve("run");
        try (LiveServer first = LiveServer.start(spec(run, 10))) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> LiveServer.start(spec(run, 10)));
            assertEquals("run directory " + run + " is in use by another bgctl serve; stop it first, or give another"
                    + " --run (nothing was changed)", e.getMessage());
            assertEquals(201, new ApiCalls(first).post("/api/jobs", "{\"runtime\": 10, \"size\": 4}", null).status());
        }
        assertFalse(Files.exists(run.resolve(RunDirectoryLock.FILE)), "the stopped server let go of the directory");
        try (LiveServer again = LiveServer.start(spec(run, 10))) {
            assertTrue(again.resumed());
        }
    }

    @Test
    void theRunDirectoryOfAReplayIsRefusedAndLeftAsItWas() throws Exception {
        Path run = Files.createDirectories(dir.resolve("replayed"));
        String replaySummary = "{\"machine\": \"flat:64\", \"scheduler\": \"easy\", \"jobs_read\": 0}";
        Files.writeString(run.resolve("summary.json"), replaySummary);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> LiveServer.start(spec(run, 10)));
        assertEquals(run + " holds the outputs of a replay, not of a serve run; give serve another --run (nothing was"
                + " changed)", e.getMessage());
        assertEquals(replaySummary, Files.readString(run.resolve("summary.json")));
        assertFalse(Files.exists(run.resolve(RunDirectoryLock.FILE)));
    }

    @Test
    void theCountsWrittenAtTheStopAreTheJournals() throws Exception {
        Path run = dir.resolve("counts");
        try (LiveServer server = LiveServer.start(spec(run, 1000))) {
            ApiCalls api = new ApiCalls(server);
            for (int i = 0; i < 30; i++)
                assertEquals(201, api.post("/api/jobs", "{\"runtime\": " + (1 + i % 7) + ", \"size\": 8}", null)
                        .status());
        }
        LiveView journal = new LiveView(MachineCatalog.create("flat:64"));
        JournalReader.read(run, journal);
        JsonNode summary = ApiCalls.JSON.readTree(run.resolve("summary.json").toFile());
        for (String key : new String[] {"events", "jobs_submitted", "jobs_ended", "jobs_running", "jobs_queued"})
            assertEquals(((Number) journal.counts().get(key)).longValue(), summary.get(key).asLong(),
                    key + " in " + summary);
        assertEquals(30, summary.get("jobs_submitted").asLong());
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalVerifier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run directory whose H2 journal akka-persistence-jdbc 5.1.0 wrote (bgctl's journal until its own JDBC plugins):
 * a durable replay of the first 200 jobs of the CTC excerpt on bgl, journaled one instant an entry with a snapshot
 * every 10, killed after 41 entries and 2 snapshots (resources journals/interrupted-5.1.0). It reads as it did, and
 * resumes from its snapshot and entries to the outputs of the uninterrupted run, its journal continued in the same
 * tables. The same run with its journal file damaged is refused in one line, exit 2.
 */
class EarlierJournalResumeTest {

    private static final String RUN = "journals/interrupted-5.1.0/";
    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "ctc-sp2-excerpt.swf").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    @Test
    void anInterruptedRunOfTheEarlierJournalReadsAndResumesToTheUninterruptedOutputs() throws IOException {
        Path run = earlierRun(dir.resolve("interrupted"));
        JournalVerifier.Result before = JournalVerifier.verify(JournalLocation.of(run));
        assertEquals(new JournalVerifier.Result(41, 91, 2, Optional.empty()), before);
        CliRun events = CliRun.of("inspect", "--run", run.toString(), "--limit", "0");
        assertEquals(0, events.exit(), events.toString());
        assertTrue(events.out().contains("91 events in the journal of " + run), events.toString());

        Path reference = dir.resolve("uninterrupted");
        CliRun uninterrupted = CliRun.of("replay", "--trace", TRACE.toString(), "--machine", "bgl", "--size-divide",
                "4", "--sizes-in", "units", "--first", "200", "--quiet", "--out", reference.toString());
        assertEquals(0, uninterrupted.exit(), uninterrupted.toString());
        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.toString());
        for (String f : new String[] {"jobs.csv", "schedule.swf"})
            assertArrayEquals(Files.readAllBytes(reference.resolve(f)), Files.readAllBytes(run.resolve(f)), f);
        assertEquals(withoutRun(reference), withoutRun(run));
        JournalVerifier.Result after = JournalVerifier.verify(JournalLocation.of(run));
        assertTrue(after.ok() && after.entries() > before.entries(), after.toString());
    }

    @Test
    void aJournalThatCannotBeOpenedIsOneLineAndExitTwo() throws IOException {
        Path run = earlierRun(dir.resolve("damaged"));
        byte[] bytes = Files.readAllBytes(run.resolve("journal.mv.db"));
        Arrays.fill(bytes, 0, bytes.length / 2, (byte) 0x55);
        Files.write(run.resolve("journal.mv.db"), bytes);
        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(2, resumed.exit(), resumed.toString());
        List<String> lines = resumed.err().lines().toList();
        assertEquals(2, lines.size(), resumed.toString());
        // the damage covers the file's header: it is refused before H2 opens it, as no H2 file at all
        assertEquals("bgctl replay: journal " + run.resolve("journal.mv.db") + " is not a journal: not an H2 database"
                + " file (nothing was read)", lines.get(0), resumed.toString());
    }

    /** The earlier run copied to {@code run}, its record naming the trace where it is here. */
    private static Path earlierRun(Path run) throws IOException {
        Files.createDirectories(run);
        try (InputStream in = resource("journal.mv.db")) {
            Files.copy(in, run.resolve("journal.mv.db"));
        }
        ObjectNode record;
        try (InputStream in = resource("run.json")) {
            record = (ObjectNode) JSON.readTree(in);
        }
        ((ObjectNode) record.get("parameters")).put("trace", TRACE.toString());
        JSON.writerWithDefaultPrettyPrinter().writeValue(run.resolve("run.json").toFile(), record);
        return run;
    }

    private static InputStream resource(String name) {
        return EarlierJournalResumeTest.class.getClassLoader().getResourceAsStream(RUN + name);
    }

    private static String withoutRun(Path run) throws IOException {
        ObjectNode summary = (ObjectNode) JSON.readTree(run.resolve("summary.json").toFile());
        summary.remove("run");
        return summary.toPrettyString();
    }
}

package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.audit.RecordedRun;
import org.bgctl.workload.GeometryOptions;
import org.bgctl.workload.ShapeRule;
import org.bgctl.workload.SizeUnit;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An SDSC-SP2 excerpt on bgl (its 128 nodes taken as the 128 midplanes), with slim and fat shapes
 * and tori: the actors with the H2 journal schedule exactly as the direct executor does, and the
 * journal alone rebuilds the job table and passes the audit.
 */
class BglReplayTest {
    /** The first 300 jobs, half of them fat, half tori: every kind of partition and link set is exercised. */
    private static final WorkloadOptions SHAPED = WorkloadOptions.builder().firstJobs(300)
            .geometry(new GeometryOptions(SizeUnit.UNITS, ShapeRule.SLIM, 0.5, false, true, 0.5, 3)).build();

    @Test
    void actorsWithTheH2JournalScheduleExactlyAsTheDirectExecutor(@TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        Runs.replay(Runs.SDSC, "bgl", "easy", SHAPED, ExecutorKind.ACTORS, JournalKind.H2, actors);
        Runs.replay(Runs.SDSC, "bgl", "easy", SHAPED, ExecutorKind.DIRECT, JournalKind.MEMORY, direct);
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(actors.resolve("jobs.csv")));
        assertArrayEquals(Files.readAllBytes(direct.resolve("schedule.swf")), Files.readAllBytes(actors.resolve("schedule.swf")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(actors));

        List<String> csv = Runs.lines(actors.resolve("jobs.csv"));
        assertTrue(csv.stream().anyMatch(l -> l.contains(":torus:")), "some jobs ran on tori");
        assertTrue(csv.stream().anyMatch(l -> l.contains(",2x2x2,")), "some jobs were fat");

        JobTable table = new JobTable();
        RecordedRun audit = new RecordedRun(MachineCatalog.create("bgl"));
        JournalReader.read(actors, e -> {
            table.accept(e);
            audit.accept(e);
        });
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(actors.resolve("jobs.csv")), rebuilt.toString());
        assertEquals(List.of(), audit.violations());
        assertEquals(audit.started(), audit.ended());
    }

    @Test
    void theSameSeedGivesTheSameRunAndSummaryRecordsIt(@TempDir Path dir) throws Exception {
        Runs.replay(Runs.SDSC, "bgl,deny-passthrough=x", "easy", SHAPED, ExecutorKind.DIRECT, JournalKind.MEMORY,
                dir.resolve("a"));
        Runs.replay(Runs.SDSC, "bgl,deny-passthrough=x", "easy", SHAPED, ExecutorKind.DIRECT, JournalKind.MEMORY,
                dir.resolve("b"));
        assertArrayEquals(Files.readAllBytes(dir.resolve("a/jobs.csv")), Files.readAllBytes(dir.resolve("b/jobs.csv")));
        String summary = Runs.reproducibleSummary(dir.resolve("a"));
        assertTrue(summary.contains("\"machine\" : \"bgl,deny-passthrough=x\""), summary);
        assertTrue(summary.contains("\"seed\" : 3"), summary);
        assertTrue(summary.contains("\"torus_probability\" : 0.5"), summary);
    }
}

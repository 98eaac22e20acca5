package org.bgctl.run;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.stream.Stream;
import org.bgctl.journal.JournalKind;
import org.bgctl.journal.JournalReader;
import org.bgctl.report.JobTable;
import org.bgctl.report.JobsCsv;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.workload.WorkloadOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schedulers of Krevat et al. (2002) on the supernode torus, replaying the 128-node trace excerpts one
 * node per supernode, with the paper's boot delay and a migration cost: the actors write the same bytes as
 * the direct executor, and the journal alone rebuilds the job table, migrations included.
 */
class KrevatReplayTest {

    /** 128-node traces on 4x4x8 supernodes of one node each: one trace node, one supernode. */
    static final String ONE_NODE_PER_SUPERNODE = "supernode:4x4x8/1";

    /** The paper's 1 s boot delay, its thresholds, and a minute per migrated job. */
    static final SchedulerSettings PAPER = new SchedulerSettings(1, 1, 0.1, 0.7, 60);

    static Stream<Arguments> cases() {
        return Stream.of("krevat-fcfs", "krevat-backfill", "krevat-migration", "krevat-bm").flatMap(s -> Stream.of(
                Arguments.of(Runs.SDSC, s), Arguments.of(Runs.NASA, s)));
    }

    private static ReplayResult replay(TraceSource trace, String machine, String scheduler, WorkloadOptions workload,
                                       ExecutorKind executor, JournalKind journal, Path out) throws Exception {
        return Replay.run(new ReplaySpec(trace, machine, scheduler, workload, false, out, journal, executor, PAPER),
                Progress.none(), Duration.ofHours(1));
    }

    @ParameterizedTest(name = "{1} on {0}")
    @MethodSource("cases")
    void actorRunAndDirectRunWriteTheSameBytes(TraceSource trace, String scheduler, @TempDir Path dir) throws Exception {
        Path actors = dir.resolve("actors");
        Path direct = dir.resolve("direct");
        replay(trace, ONE_NODE_PER_SUPERNODE, scheduler, WorkloadOptions.defaults(), ExecutorKind.ACTORS,
                JournalKind.MEMORY, actors);
        replay(trace, ONE_NODE_PER_SUPERNODE, scheduler, WorkloadOptions.defaults(), ExecutorKind.DIRECT,
                JournalKind.MEMORY, direct);
        assertArrayEquals(Files.readAllBytes(direct.resolve("jobs.csv")), Files.readAllBytes(actors.resolve("jobs.csv")));
        assertArrayEquals(Files.readAllBytes(direct.resolve("schedule.swf")),
                Files.readAllBytes(actors.resolve("schedule.swf")));
        assertEquals(Runs.reproducibleSummary(direct), Runs.reproducibleSummary(actors));
    }

    @Test
    void migrationsAreCountedAndTheJournalAloneRebuildsJobsCsv(@TempDir Path dir) throws Exception {
        ReplayResult result = replay(Runs.SDSC, ONE_NODE_PER_SUPERNODE, "krevat-bm", WorkloadOptions.defaults(),
                ExecutorKind.ACTORS, JournalKind.H2, dir);
        long total = ((Number) result.summary().get("migrations_total")).longValue();
        long successful = ((Number) result.summary().get("migrations_successful")).longValue();
        long max = ((Number) result.summary().get("migrations_max_successful")).longValue();
        assertTrue(successful > 0 && successful <= total, total + " attempted, " + successful + " successful");
        assertTrue(max > 0, "always attempting, some migrations succeed");
        assertTrue(((Number) result.summary().get("jobs_migrated")).longValue() >= successful);

        JobTable table = new JobTable();
        JournalReader.read(dir, table);
        StringWriter rebuilt = new StringWriter();
        JobsCsv.write(table.records(), rebuilt);
        assertEquals(Files.readString(dir.resolve("jobs.csv")), rebuilt.toString());
        assertEquals(successful, table.migrationsPerformed());
    }

    @Test
    void supernodesOfOneNodeAndTraceSizesTimes512GiveTheSameSchedule(@TempDir Path dir) throws Exception {
        Path units = dir.resolve("units");
        Path nodes = dir.resolve("nodes");
        replay(Runs.NASA, ONE_NODE_PER_SUPERNODE, "krevat-backfill", WorkloadOptions.defaults(), ExecutorKind.DIRECT,
                JournalKind.MEMORY, units);
        replay(Runs.NASA, "supernode", "krevat-backfill", WorkloadOptions.builder().sizeMultiply(512).build(),
                ExecutorKind.DIRECT, JournalKind.MEMORY, nodes);
        assertEquals(Runs.starts(Runs.lines(units.resolve("jobs.csv"))), Runs.starts(Runs.lines(nodes.resolve("jobs.csv"))));
    }
}

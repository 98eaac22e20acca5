package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.bgctl.cli.CliRun.trace;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bgctl inspect} on the journal of a two-job FCFS run on flat:4: job 1 (4 nodes, run 100,
 * requested 200) starts at 0; job 2 (2 nodes, run 50, requested 60) arrives at 10 and waits for
 * job 1's end at 100; it ends at 150.
 */
class InspectCommandTest {

    @TempDir
    static Path dir;
    static Path run;

    @BeforeAll
    static void replay() throws Exception {
        Path trace = trace(dir, "two.swf", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 60));
        run = dir.resolve("run");
        CliRun replay = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:4",
                "--scheduler", "fcfs", "--quiet", "--out", run.toString());
        assertEquals(0, replay.exit(), replay.toString());
    }

    @Test
    void printsEveryEventAndTheCount() {
        CliRun inspect = CliRun.of("inspect", "--run", run.toString());
        assertEquals(0, inspect.exit(), inspect.toString());
        assertEquals(String.join("\n",
                "   event     time_s type               subject and details",
                "       1          0 JobSubmitted       job=1 size=4 run=100 estimate=200",
                "       2          0 JobStarted         job=1 nodes=4",
                "       3         10 JobSubmitted       job=2 size=2 run=50 estimate=60",
                "       4        100 JobFinished        job=1",
                "       5        100 JobStarted         job=2 nodes=2",
                "       6        150 JobFinished        job=2",
                "6 events in the journal of " + run, ""), inspect.out().replace("\r\n", "\n"));
    }

    @Test
    void aLimitPrintsTheFirstEventsButCountsThemAll() {
        CliRun inspect = CliRun.of("inspect", "--run", run.toString(), "--limit", "2");
        assertEquals(0, inspect.exit(), inspect.toString());
        assertEquals(4, inspect.out().lines().count(), inspect.out());
        assertTrue(inspect.out().contains("6 events in the journal of"), inspect.out());
    }

    @Test
    void aNegativeLimitIsRefusedInOneLine() {
        CliRun inspect = CliRun.of("inspect", "--run", run.toString(), "--limit", "-1");
        assertEquals(2, inspect.exit(), inspect.toString());
        assertEquals("", inspect.out(), "no event printed");
        assertTrue(inspect.err().startsWith("bgctl inspect: --limit must be 0 (all) or more, was -1\n"), inspect.err());
    }

    @Test
    void twoReportsOrALimitWithAReportAreRefusedInOneLine() {
        CliRun inspect = CliRun.of("inspect", "--run", run.toString(), "--gangs", "--audit");
        assertEquals(2, inspect.exit(), inspect.toString());
        assertEquals("", inspect.out(), "no report printed");
        assertTrue(inspect.err().startsWith("bgctl inspect: --audit and --gangs are reports of their own: give one at a"
                + " time (nothing was read)\n"), inspect.err());
        inspect = CliRun.of("inspect", "--run", run.toString(), "--verify", "--limit", "3");
        assertEquals(2, inspect.exit(), inspect.toString());
        assertTrue(inspect.err().startsWith("bgctl inspect: --limit counts the events printed without a report, and"
                + " --verify prints none: leave --limit out (nothing was read)\n"), inspect.err());
    }

    @Test
    void theJournalAloneRebuildsJobsCsvByteForByte() throws Exception {
        Path rebuilt = dir.resolve("rebuilt.csv");
        CliRun inspect = CliRun.of("inspect", "--run", run.toString(), "--jobs-csv", rebuilt.toString());
        assertEquals(0, inspect.exit(), inspect.toString());
        assertEquals("6 events read; 2 jobs written to " + rebuilt, inspect.out().strip());
        assertArrayEquals(Files.readAllBytes(run.resolve("jobs.csv")), Files.readAllBytes(rebuilt));
    }

    /**
     * flat:10, x = 50%: jobs 1 and 2 (4 nodes each, 1000 s) from 0; job 3 (5 nodes, wide) arrives at 10,
     * preempts job 1 at 10 + δ = 70, runs 100 s; job 1 resumes at 170 and ends 100 s late.
     */
    private Path gangRun(String name) throws Exception {
        Path trace = trace(dir, name + ".swf", job(1, 0, 1000, 4, 1000), job(2, 0, 1000, 4, 1000), job(3, 10, 100, 5, 100));
        Path gangRun = dir.resolve(name + "-run");
        CliRun replay = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:10", "--scheduler", "pfcfs",
                "--pfcfs-threshold", "50", "--pfcfs-delay", "60", "--quiet", "--out", gangRun.toString());
        assertEquals(0, replay.exit(), replay.toString());
        return gangRun;
    }

    @Test
    void statusCountsTheJobsAContextSwitchSuspended() throws Exception {
        // at 100 job 1 is suspended for wide job 3, which runs beside job 2 on 9 of the 10 nodes
        Path gangRun = gangRun("status-gang");
        CliRun status = CliRun.of("status", "--run", gangRun.toString(), "--at", "100");
        assertEquals(0, status.exit(), status.toString());
        assertEquals("flat:10 at 100 s (0d 00:01:40) of " + gangRun + ": 2 jobs running, 1 suspended, 0 queued; 9 of 10"
                + " nodes in use; 0 components down", status.out().lines().findFirst().orElse(""));
    }

    @Test
    void gangsPrintsTheGangTimelineOfAPreemptiveRun() throws Exception {
        Path gangRun = gangRun("gang");
        CliRun inspect = CliRun.of("inspect", "--run", gangRun.toString(), "--gangs");
        assertEquals(0, inspect.exit(), inspect.toString());
        assertEquals(String.join("\n",
                "gang of wide job 3 (5 nodes)",
                "          70  preemption 1: suspended 1, resumed -",
                "          70  job 3 starts on 5 nodes",
                "         170  job 3 (wide) finishes",
                "         170  switch (gang completed) 1: suspended -, resumed 1",
                "        1100  job 1 finishes",
                "1 gangs in the 11 events of the journal of " + gangRun, ""), inspect.out().replace("\r\n", "\n"));
    }

    @Test
    void auditChecksTheContextSwitchesOfAPreemptiveRunOnBgl() throws Exception {
        // bgl in midplanes, x = 40% (52 of 128): jobs 1 and 2 (48 midplanes) and 3 (32) fill the machine; job 4
        // (64, wide) preempts at 10 + δ and runs on a partition of theirs, which resume when it ends.
        Path trace = trace(dir, "bgl-gang.swf", job(1, 0, 1000, 48, 1000), job(2, 0, 1000, 48, 1000),
                job(3, 0, 1000, 32, 1000), job(4, 10, 100, 64, 100));
        Path gangRun = dir.resolve("bgl-gang-run");
        CliRun replay = CliRun.of("replay", "--trace", trace.toString(), "--machine", "bgl", "--sizes-in", "units",
                "--scheduler", "pfcfs", "--pfcfs-threshold", "40", "--pfcfs-delay", "60", "--quiet",
                "--out", gangRun.toString());
        assertEquals(0, replay.exit(), replay.toString());
        CliRun gangs = CliRun.of("inspect", "--run", gangRun.toString(), "--gangs");
        assertTrue(gangs.out().contains("70  preemption 1: suspended"), gangs.out());
        CliRun audit = CliRun.of("inspect", "--run", gangRun.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("4 jobs started, 4 ended"), audit.out());
        assertTrue(audit.out().contains("clean: no midplane, switch port or cable held twice;"), audit.out());
    }

    @Test
    void auditOfARunWithoutSummaryTakesTheMachineItsRunJsonRecords() throws Exception {
        // a durable replay killed before its end leaves its journal and run.json, and no summary.json
        Path trace = trace(dir, "killed.swf", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 60));
        Path killed = dir.resolve("killed-run");
        CliRun replay = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:4", "--quiet",
                "--out", killed.toString());
        assertEquals(0, replay.exit(), replay.toString());
        Files.delete(killed.resolve("summary.json"));
        CliRun audit = CliRun.of("inspect", "--run", killed.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("2 jobs started, 2 ended"), audit.out());
        assertTrue(audit.out().contains("clean: no node held twice;"), audit.out());
    }

    @Test
    void aRunDirectoryThatIsNoneIsNamedSo() {
        Path missing = dir.resolve("missing");
        CliRun audit = CliRun.of("inspect", "--run", missing.toString(), "--audit");
        assertEquals(2, audit.exit(), audit.toString());
        assertTrue(audit.err().startsWith("bgctl inspect: --run " + missing + ": no such directory"), audit.err());
        CliRun status = CliRun.of("status", "--run", missing.toString());
        assertEquals(2, status.exit(), status.toString());
        assertTrue(status.err().startsWith("bgctl status: --run " + missing + ": no such directory"), status.err());
    }

    @Test
    void aDirectoryWithoutAJournalIsBadInput() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRun inspect = CliRun.of("inspect", "--run", empty.toString());
        assertEquals(2, inspect.exit(), inspect.toString());
        assertTrue(inspect.err().contains("no journal in " + empty), inspect.err());
        assertTrue(inspect.err().contains("journal.mv.db"), inspect.err());
    }

    /**
     * A read-only command must not change a run's files: status opened the journal writable and created the run's
     * inputs table in it, and every reader's opening rewrote the file's header.
     */
    @Test
    void readingARunChangesNoByteOfItsJournal() throws Exception {
        Path journal = run.resolve("journal.mv.db");
        byte[] before = Files.readAllBytes(journal);
        for (String[] command : new String[][] {{"status", "--run", run.toString(), "--at", "20"},
                {"inspect", "--run", run.toString()}, {"inspect", "--run", run.toString(), "--verify"},
                {"inspect", "--run", run.toString(), "--audit"}, {"report", "--run", run.toString()}}) {
            CliRun read = CliRun.of(command);
            assertEquals(0, read.exit(), read.toString());
            assertArrayEquals(before, Files.readAllBytes(journal), String.join(" ", command) + " left the journal as it was");
        }
        try (java.util.stream.Stream<Path> files = Files.list(run)) {
            assertEquals(java.util.List.of(), files.map(p -> p.getFileName().toString())
                    .filter(name -> name.startsWith("journal") && !name.equals("journal.mv.db")).toList(), "no file beside it");
        }
    }

    /**
     * A durable replay killed after its H2 file was created and before the journal's tables were written leaves a
     * journal without tables; it holds no entry, as plain {@code inspect} reads it, and {@code --verify} says so
     * instead of failing on the missing table.
     */
    @Test
    void verifyOfAJournalKilledBeforeItsTablesHoldsNoEntry() throws Exception {
        Path killed = Files.createDirectories(dir.resolve("killed-before-tables"));
        java.sql.DriverManager.getConnection("jdbc:h2:file:" + killed.resolve("journal").toAbsolutePath(), "sa", "")
                .close();
        CliRun verify = CliRun.of("inspect", "--run", killed.toString(), "--verify");
        assertEquals(0, verify.exit(), verify.toString());
        assertEquals("OK: the journal of " + killed + " holds 0 entries numbered 1 to 0 (0 events) and 0 snapshots,"
                + " all readable", verify.out().strip(), verify.toString());
    }

    @Test
    void theJournalOfARunningServerIsNamedInUseInOneLine() throws Exception {
        Path run = dir.resolve("serving");
        ServeProcess server = ServeProcess.start(run, "--machine", "flat:8", "--speed", "10");
        try {
            String expected = "cannot read the journal of " + run + ": it is open in another process (a bgctl serve"
                    + " running on it?); stop that first, or ask the server with --server";
            for (String command : new String[] {"inspect", "status"}) {
                CliRun read = CliRun.of(command, "--run", run.toString());
                assertEquals(Bgctl.BAD_INPUT, read.exit(), read.toString());
                assertEquals(java.util.List.of("bgctl " + command + ": " + expected, "see: bgctl " + command + " --help"),
                        read.err().lines().toList(), read.toString());
                assertEquals("", read.out(), read.toString());
            }
        } finally {
            server.stop();
        }
    }
}

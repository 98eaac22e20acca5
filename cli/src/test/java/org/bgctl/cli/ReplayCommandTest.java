package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.bgctl.cli.CliRun.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bgctl.cluster.ClusterOptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ReplayCommandTest {

    @TempDir
    Path dir;

    /** A trace whose line 3 (job 2) has 'abc' as its run time (field 4). */
    private Path traceWithABadLine() throws Exception {
        return trace(dir, "bad.swf",
                "; MaxNodes: 8",
                job(1, 0, 100, 4, 200),
                "2 10 -1 abc 4 -1 -1 4 200 -1 1 -1 -1 -1 -1 -1 -1 -1",
                job(3, 20, 50, 2, 100));
    }

    @Test
    void theDemoReplaysAndWritesItsOutputs() throws Exception {
        Path out = dir.resolve("demo");
        CliRun run = CliRun.of("replay", "--demo", "--quiet", "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().startsWith("bgctl demo: the first 2000 jobs of KTH-SP2"), run.out());
        assertTrue(run.out().contains("Parallel Workloads Archive"), "names its source: " + run.out());
        assertTrue(run.out().contains("bgctl replay: kth-sp2-demo.swf on flat:100 with easy"), run.out());
        assertTrue(run.out().contains("jobs_read"), run.out());
        assertTrue(run.out().contains("mean_wait_s"), run.out());
        assertTrue(run.out().contains("outputs in " + out), run.out());
        for (String file : List.of("summary.json", "jobs.csv", "schedule.swf", "journal.mv.db")) {
            assertTrue(Files.isRegularFile(out.resolve(file)), file);
        }
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("flat:100", summary.get("machine").asText());
        assertEquals(2000, summary.get("jobs_read").asLong());
    }

    /**
     * The run begins while its H2 file opens (H2Opening): a file that cannot be opened still fails the run, in one
     * line naming the journal, and leaves no outputs.
     */
    @Test
    void aJournalFileThatCannotBeOpenedFailsTheRunInOneLine() throws Exception {
        Path out = dir.resolve("run");
        Files.createDirectories(out.resolve("journal.mv.db")); // a directory where H2 would make its file
        CliRun run = CliRun.of("replay", "--demo", "--quiet", "--out", out.toString());
        assertEquals(2, run.exit(), run.toString());
        List<String> lines = run.err().lines().toList();
        assertTrue(lines.get(0).startsWith("bgctl replay: cannot open the journal: "), run.toString());
        assertEquals("see: bgctl replay --help", lines.get(1), run.toString());
        assertEquals(2, lines.size(), run.toString());
        for (String file : List.of("summary.json", "jobs.csv", "schedule.swf", "report.html"))
            assertFalse(Files.exists(out.resolve(file)), file);
    }

    @Test
    void aMalformedLineStopsTheReplayNamingFileLineFieldAndValue() throws Exception {
        Path trace = traceWithABadLine();
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", dir.resolve("run").toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains("bad.swf line 3, field 4 (run time): 'abc' is not a number"), run.err());
    }

    @Test
    void aRepeatedJobNumberIsBadInputNamingFileAndLineInOneLine() throws Exception {
        Path trace = trace(dir, "dup.swf",
                "; MaxNodes: 8",
                job(1, 0, 100, 4, 200),
                job(2, 10, 50, 2, 100),
                job(1, 20, 50, 2, 100));
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", dir.resolve("run").toString());
        assertEquals(2, run.exit(), run.toString());
        assertEquals(List.of("bgctl replay: dup.swf line 4: job 1 repeats the job number of an earlier line"
                + " (job numbers must be unique)", "see: bgctl replay --help"), run.err().lines().toList(), run.toString());
    }

    @Test
    void leniencySkipsAndCountsTheMalformedLine() throws Exception {
        Path trace = traceWithABadLine();
        Path out = dir.resolve("run");
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--lenient", "--quiet", "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals(Map.of("malformed_line", 1), new ObjectMapper().convertValue(summary.get("jobs_skipped"), Map.class));
        assertEquals(2, summary.get("jobs").asLong(), "jobs 1 and 3 ran");
        assertEquals("flat:8", summary.get("machine").asText(), "the machine comes from the header's MaxNodes");
    }

    @Test
    void aReplayStoppedByBadInputLeavesItsRunDirectoryUsable() throws Exception {
        Path trace = traceWithABadLine();
        Path out = dir.resolve("run");
        assertEquals(2, CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", out.toString()).exit());
        CliRun retry = CliRun.of("replay", "--trace", trace.toString(), "--lenient", "--quiet", "--out", out.toString());
        assertEquals(0, retry.exit(), retry.toString());
    }

    @Test
    void anArchiveTraceWithIndentedLabelsAndUnknownTimesReplaysWithDefaultOptions() throws Exception {
        Path trace = trace(dir, "archive.swf",
                "; Version: 2",
                ";        Computer: Intel Paragon",
                ";        MaxNodes: 70  (dual)",
                ";        MaxJobs: 7",
                ";",
                job(1, 0, 100, 4, 200),
                job(2, -1, 100, 4, 200),
                job(3, 10, 50, 70, 100),
                job(4, -1, -1, 4, -1),
                job(5, 20, -1, 2, 100),
                job(6, 25, 30, 2, 60),
                job(7, 30, 30, 2, 60));
        Path out = dir.resolve("archive");
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        assertEquals("flat:70", summary.get("machine").asText(), "MaxNodes read from its indented label");
        assertEquals(Map.of("submit_unknown", 2, "runtime_unknown", 1),
                new ObjectMapper().convertValue(summary.get("jobs_skipped"), Map.class));
        assertEquals(4, summary.get("jobs").asLong(), "jobs 1, 3, 6 and 7 ran");
        long skipped = 0;
        for (JsonNode n : summary.get("jobs_skipped")) skipped += n.asLong();
        assertEquals(7, summary.get("jobs_read").asLong());
        assertEquals(summary.get("jobs_read").asLong(), summary.get("jobs").asLong() + skipped,
                "every job line is scheduled or counted in jobs_skipped");
    }

    static Stream<Arguments> badInput() {
        return Stream.of(
                Arguments.of(List.of("--bogus"), "--bogus"),
                Arguments.of(List.of("--machine", "bogus"), "'bogus'"),
                Arguments.of(List.of("--machine", "flat:x"), "'flat:x'"),
                Arguments.of(List.of("--scheduler", "sjf"), "'sjf'"),
                Arguments.of(List.of("--journal", "disk"), "'disk'"),
                Arguments.of(List.of("--executor", "threads"), "'threads'"),
                Arguments.of(List.of("--estimate", "guess"), "'guess'"),
                Arguments.of(List.of("--size-divide", "0"), "was 0"),
                Arguments.of(List.of("--speed", "0"), "--speed must be a positive number"),
                Arguments.of(List.of("--speed", "1e308"), "at most 3153600000, was 1.0E308"),
                Arguments.of(List.of("--speed", "100", "--executor", "direct"), "the direct executor has none"),
                Arguments.of(List.of("--port", "0"), "--port opens the API during a replay on the scaled clock; give --speed K"),
                Arguments.of(List.of("--host", "127.0.0.1"), "--host is where --port listens; give --port P too"),
                Arguments.of(List.of("--speed", "100", "--host", "127.0.0.1"), "--host is where --port listens"),
                Arguments.of(List.of("--speed", "100", "--port", "70000"), "--port must be 0..65535"),
                Arguments.of(List.of("--cluster", "--port", "2554"), "give --speed K"),
                Arguments.of(List.of("--members", "3"), "--members configures the cluster of --cluster"),
                Arguments.of(List.of("--cluster", "--members", "0"), "--members must be at least 1"),
                Arguments.of(List.of("--cluster", "--chaos", "drop=0.1"), "it cannot be combined with --cluster"));
    }

    @ParameterizedTest
    @MethodSource("badInput")
    void badInputExitsWithTwoNamingTheBadValueAndWritesNothing(List<String> options, String named) {
        Path out = dir.resolve("run");
        List<String> args = new ArrayList<>(List.of("replay", "--demo", "--quiet", "--out", out.toString()));
        args.addAll(options);
        CliRun run = CliRun.of(args.toArray(String[]::new));
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains(named), run.toString());
        assertEquals("", run.out(), "the demo's attribution only for a run that starts");
        assertFalse(Files.exists(out), "nothing written");
    }

    @Test
    void theSummaryPrintsNumbersInPlainDigitsAsSummaryJsonHasThem() throws Exception {
        // a mean response of 270 s: BigDecimal's toString wrote 2.7E+2
        Path trace = trace(dir, "round.swf", "; MaxNodes: 64", job(1, 100, 500, 4, 1000), job(2, 120, 300, 8, 600),
                job(3, 140, 200, 8, 200), job(4, 160, 300, 8, 400), job(5, 200, 50, 2, 100));
        Path out = dir.resolve("run");
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--executor", "direct", "--quiet",
                "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        for (String key : List.of("mean_response_s", "sum_weighted_flow", "utilization")) {
            String line = run.out().lines().filter(l -> l.startsWith("  " + key + " ")).findFirst().orElseThrow();
            assertEquals(summary.get(key).asText(), line.substring(2 + key.length()).strip(), run.out());
        }
        assertTrue(run.out().contains("  mean_response_s            270\n"), run.out());
    }

    @Test
    void statusShowsARunWithoutJobsAtTimeZero() throws Exception {
        Path out = dir.resolve("run");
        assertEquals(0, CliRun.of("replay", "--trace", trace(dir, "none.swf", "; MaxNodes: 8").toString(), "--quiet",
                "--out", out.toString()).exit());
        CliRun status = CliRun.of("status", "--run", out.toString());
        assertEquals(0, status.exit(), status.toString());
        // was 'at -9223372036854775808 s (-, ...'
        assertEquals("flat:8 at 0 s (0d 00:00:00, the end of the run (no job ever ran)) of " + out + ": 0 jobs running,"
                + " 0 queued; 0 of 8 nodes in use; 0 components down", status.out().lines().findFirst().orElse(""));
    }

    @Test
    void aTraceThatDoesNotExistIsBadInput() {
        Path missing = dir.resolve("missing.swf");
        CliRun run = CliRun.of("replay", "--trace", missing.toString(), "--out", dir.resolve("run").toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains(missing.toString()), run.err());
    }

    @Test
    void aTraceOrTheDemoIsRequiredButNotBoth() {
        CliRun neither = CliRun.of("replay");
        assertEquals(2, neither.exit(), neither.toString());
        assertTrue(neither.err().contains("--trace") && neither.err().contains("--demo"), neither.err());
        CliRun both = CliRun.of("replay", "--demo", "--trace", "x.swf");
        assertEquals(2, both.exit(), both.toString());
    }

    @Test
    void aScaledReplayWithAPortSaysWhereToWatchIt() throws Exception {
        Path trace = trace(dir, "small.swf", "; MaxNodes: 8",
                job(1, 0, 100, 4, 200), job(2, 10, 300, 6, 400), job(3, 20, 50, 2, 100), job(4, 400, 60, 8, 60));
        Path virtual = dir.resolve("virtual");
        Path watched = dir.resolve("watched");
        CliRun plain = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", virtual.toString());
        CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", watched.toString(),
                "--speed", "400", "--port", "0");
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().matches("(?s)bgctl replay: watch it at http://127\\.0\\.0\\.1:\\d+/\n.*"), run.out());
        assertEquals(0, plain.exit(), plain.toString());
        assertEquals(Files.readString(virtual.resolve("jobs.csv")), Files.readString(watched.resolve("jobs.csv")));
    }

    /**
     * A watched replay on a port something else listens on printed Akka's stack trace of the failed bind and "cannot
     * open the API on H:P (Bind failed because of java.net.BindException: ...)".
     */
    @Test
    void aWatchedReplayOnAPortInUseSaysSoInOneLineAndGoesOn() throws Exception {
        Path trace = trace(dir, "small.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 300, 6, 400));
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            CliRun run = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out",
                    dir.resolve("watched").toString(), "--speed", "400", "--port", String.valueOf(port));
            assertEquals(0, run.exit(), run.toString());
            assertEquals("bgctl replay: cannot open the API on 127.0.0.1:" + port + " (the port is in use); the replay"
                    + " goes on", run.err().strip(), run.toString());
        }
        assertTrue(Files.isRegularFile(dir.resolve("watched").resolve("jobs.csv")));
    }

    @Test
    void aRunDirectoryGivenAsTheJournalIsReDrivenAsWithFromRun() throws Exception {
        Path trace = trace(dir, "small.swf", "; MaxNodes: 8",
                job(1, 0, 100, 4, 200), job(2, 10, 300, 6, 400), job(3, 20, 50, 2, 100), job(4, 400, 60, 8, 60));
        Path recorded = dir.resolve("recorded");
        CliRun first = CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", recorded.toString());
        assertEquals(0, first.exit(), first.toString());

        Path viaJournal = dir.resolve("via-journal");
        CliRun journal = CliRun.of("replay", "--journal", recorded.toString(), "--out", viaJournal.toString());
        assertEquals(0, journal.exit(), journal.toString());
        assertTrue(journal.out().contains("bgctl replay: the recorded run " + recorded + " on flat:8 with easy"), journal.out());
        assertFalse(journal.out().contains("null"), "every figure printed is in summary.json: " + journal.out());
        assertTrue(Files.isRegularFile(viaJournal.resolve("journal.mv.db")), "the new run's journal is h2");

        Path viaFromRun = dir.resolve("via-from-run");
        CliRun fromRun = CliRun.of("replay", "--from-run", recorded.toString(), "--out", viaFromRun.toString());
        assertEquals(0, fromRun.exit(), fromRun.toString());
        assertEquals(Files.readString(viaFromRun.resolve("jobs.csv")), Files.readString(viaJournal.resolve("jobs.csv")));
        assertEquals(5, Files.readAllLines(viaJournal.resolve("jobs.csv")).size(), "a header and the 4 jobs");

        CliRun otherMachine = CliRun.of("replay", "--from-run", recorded.toString(), "--machine", "flat:3",
                "--first", "2", "--out", dir.resolve("other-machine").toString());
        assertEquals(2, otherMachine.exit(), otherMachine.toString());
        assertEquals("bgctl replay: --machine, --first: a re-driven run keeps the recorded run's machine, inputs and"
                + " options; only --scheduler and --speed change", otherMachine.err().lines().findFirst().orElseThrow());
        assertFalse(Files.exists(dir.resolve("other-machine")));

        CliRun direct = CliRun.of("replay", "--from-run", recorded.toString(), "--executor", "direct",
                "--out", dir.resolve("direct").toString());
        assertEquals(2, direct.exit(), direct.toString());
        assertEquals("bgctl replay: --executor direct: a re-driven run goes through the actors, as its inputs were"
                + " recorded (leave --executor out)", direct.err().lines().findFirst().orElseThrow());
        assertFalse(Files.exists(dir.resolve("direct")));
    }

    /**
     * A re-driven run stopped before its end — SIGKILL, or Ctrl-C — does not resume (its inputs are a serve run's, not
     * a trace): killed, it left a journal without run.json, --resume said only replays with actors and an h2 journal
     * resume, and the same command again was refused as the directory "already holds a run"; interrupted, it exited 130
     * without a word. Now both name the command that runs it again, and that command starts it anew in the directory.
     */
    @Test
    void aReDrivenRunStoppedBeforeItsEndIsRunAgainNotResumed() throws Exception {
        Path trace = trace(dir, "spread.swf", "; MaxNodes: 8", job(1, 0, 400, 4, 500), job(2, 100, 300, 6, 400),
                job(3, 300, 500, 2, 600), job(4, 700, 300, 8, 400));
        Path recorded = dir.resolve("recorded");
        assertEquals(0, CliRun.of("replay", "--trace", trace.toString(), "--quiet", "--out", recorded.toString()).exit());
        Path reference = dir.resolve("reference");
        CliRun uninterrupted = CliRun.of("replay", "--journal", recorded.toString(), "--out", reference.toString());
        assertEquals(0, uninterrupted.exit(), uninterrupted.toString());
        String source = recorded.toAbsolutePath().normalize().toString();
        for (String how : new String[] {"KILL", "INT"}) {
            Path out = dir.resolve("stopped-" + how);
            Path log = dir.resolve(how + ".log");
            List<String> command = ChildJvm.command("256m", List.of());
            command.addAll(List.of("replay", "--journal", recorded.toString(), "--speed", "100", "--out", out.toString()));
            Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
            try {
                Path journal = out.resolve("journal.mv.db");
                for (int i = 0; i < 1200 && p.isAlive() && !(Files.exists(journal) && Files.size(journal) > 0); i++)
                    Thread.sleep(50);
                Thread.sleep(1000);
                assertTrue(p.isAlive(), "the replay ended before it was stopped: " + Files.readString(log));
                String signal = how.equals("KILL") ? "KILL" : ReplayResumeTest.interruptSignal(p);
                assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
                assertTrue(p.waitFor(60, java.util.concurrent.TimeUnit.SECONDS), "the replay did not exit");
            } finally {
                p.destroyForcibly();
            }
            String again = "bgctl replay --journal " + source + " --speed 100 --out " + out;
            if (how.equals("INT")) {
                assertEquals(Interruption.INTERRUPTED, p.exitValue(), Files.readString(log));
                assertTrue(Files.readString(log).contains("bgctl replay: interrupted; a re-driven run does not resume:"
                        + " run it again, which starts it anew in " + out + ": " + again), Files.readString(log));
            }
            assertFalse(Files.exists(out.resolve("summary.json")), "stopped before its end");
            CliRun resume = CliRun.of("replay", "--resume", out.toString());
            assertEquals(2, resume.exit(), resume.toString());
            assertEquals("bgctl replay: " + out + " holds a replay of the serve run " + source + " stopped before its"
                    + " end; a re-driven run does not resume: run it again, which starts it anew there: " + again,
                    resume.err().lines().findFirst().orElseThrow());
            CliRun rerun = CliRun.of("replay", "--journal", recorded.toString(), "--out", out.toString());
            assertEquals(0, rerun.exit(), rerun.toString());
            assertEquals(Files.readString(reference.resolve("jobs.csv")), Files.readString(out.resolve("jobs.csv")));
            try (Stream<Path> files = Files.list(out); Stream<Path> expected = Files.list(reference)) {
                assertEquals(expected.map(f -> f.getFileName().toString()).sorted().toList(),
                        files.map(f -> f.getFileName().toString()).sorted().toList(), "the outputs of a run, no more");
            }
            CliRun twice = CliRun.of("replay", "--journal", recorded.toString(), "--out", out.toString());
            assertEquals(2, twice.exit(), "a finished run is still never written over: " + twice);
            CliRun resumeFinished = CliRun.of("replay", "--resume", out.toString());
            assertEquals(0, resumeFinished.exit(), resumeFinished.toString());
            assertEquals("bgctl replay: " + out + " already ran to its end (summary.json, jobs.csv, report.html);"
                    + " nothing to resume", resumeFinished.out().strip());
        }
    }

    @Test
    void aTraceReplayReDrivenKeepsItsReservationsAndFaultHandling() throws Exception {
        Path trace = trace(dir, "two.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 5, 100, 4, 200));
        Path window = Files.writeString(dir.resolve("window.txt"), "0 1000 all\n");
        Path faults = Files.writeString(dir.resolve("faults.txt"), "1500 node-0 down\n");
        Path recorded = dir.resolve("recorded");
        assertEquals(0, CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:8", "--reservations",
                window.toString(), "--faults", faults.toString(), "--quiet", "--out", recorded.toString()).exit());
        Path again = dir.resolve("again");
        CliRun redriven = CliRun.of("replay", "--from-run", recorded.toString(), "--quiet", "--out", again.toString());
        assertEquals(0, redriven.exit(), redriven.toString());
        // The window keeps both jobs until 1000; the node that fails at 1500 kills one of them, which is requeued.
        assertEquals(Files.readString(recorded.resolve("jobs.csv")), Files.readString(again.resolve("jobs.csv")));

        Path cut = dir.resolve("cut");
        assertEquals(0, CliRun.of("replay", "--trace", trace.toString(), "--until", "50", "--quiet", "--out",
                cut.toString()).exit());
        CliRun refused = CliRun.of("replay", "--from-run", cut.toString(), "--out", dir.resolve("uncut").toString());
        assertEquals(2, refused.exit(), refused.toString());
        assertEquals("bgctl replay: " + cut + " is a replay cut short by --until 50; a re-driven run runs its inputs to"
                + " their end, so it would not be that run: replay its trace again instead",
                refused.err().lines().findFirst().orElseThrow());
        assertFalse(Files.exists(dir.resolve("uncut")));
    }

    @Test
    void aJournalThatIsNeitherAKindNorARecordedRunIsBadInput() throws Exception {
        Path empty = Files.createDirectories(dir.resolve("empty"));
        CliRun run = CliRun.of("replay", "--journal", empty.toString(), "--out", dir.resolve("out").toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains("--journal '" + empty + "' is neither a journal kind (h2, memory, postgres)"
                + " nor a run directory holding a journal"), run.err());
        assertFalse(Files.exists(dir.resolve("out")), "nothing written");
    }

    @Test
    void aRecordedRunGivenAsTheJournalTakesNoOtherInput() throws Exception {
        Path recorded = dir.resolve("recorded");
        assertEquals(0, CliRun.of("replay", "--trace", trace(dir, "one.swf", "; MaxNodes: 4", job(1, 0, 10, 2, 20))
                .toString(), "--quiet", "--out", recorded.toString()).exit());
        CliRun both = CliRun.of("replay", "--journal", recorded.toString(), "--demo");
        assertEquals(2, both.exit(), both.toString());
        assertTrue(both.err().contains("give no --trace, --demo or --from-run with it"), both.err());
    }

    /**
     * --resume continues a run with the options its run.json records: the command's own options (--speed, --out,
     * --journal, --port, --cluster, ...) are refused like the run options, not passed over; a recorded run re-driven
     * refuses a cluster and an API host alike.
     */
    @Test
    void resumeAndARecordedRunRefuseTheCommandsOwnOptionsTheyDoNotTake() throws Exception {
        Path recorded = dir.resolve("recorded");
        assertEquals(0, CliRun.of("replay", "--trace", trace(dir, "one.swf", "; MaxNodes: 4", job(1, 0, 10, 2, 20))
                .toString(), "--quiet", "--out", recorded.toString()).exit());
        for (List<String> given : List.of(List.of("--speed", "100"), List.of("--out", dir.resolve("x").toString()),
                List.of("--journal", "memory"), List.of("--port", "0"), List.of("--cluster"))) {
            List<String> args = new ArrayList<>(List.of("replay", "--resume", recorded.toString()));
            args.addAll(given);
            CliRun run = CliRun.of(args.toArray(String[]::new));
            assertEquals(2, run.exit(), run.toString());
            assertTrue(run.err().startsWith("bgctl replay: " + given.get(0) + ": --resume " + recorded
                    + " continues a recorded replay with the options of its run.json; give none"), run.err());
        }
        CliRun cluster = CliRun.of("replay", "--journal", recorded.toString(), "--cluster", "--out",
                dir.resolve("y").toString());
        assertEquals(2, cluster.exit(), cluster.toString());
        assertTrue(cluster.err().startsWith("bgctl replay: --cluster: a re-driven run goes through the actors of this"
                + " process, without a cluster or an API (leave them out)"), cluster.err());
        assertFalse(Files.exists(dir.resolve("y")), "nothing written");
    }

    /**
     * --cluster-port 0 takes a free port, as the help of replay and serve says, for a driver that forms its cluster
     * alone: before, its own address was its seed node, 127.0.0.1:0, and the run was refused with "seed node
     * '127.0.0.1:0': port must be a number in 1..65535".
     */
    @Test
    void aDriverGivenClusterPortZeroFormsItsClusterOnAFreePort() {
        DriverClusterOptions driver = new DriverClusterOptions();
        driver.hostname = "127.0.0.1";
        driver.clusterPort = 0;
        ClusterOptions options = driver.toOptions(1);
        assertTrue(options.port() > 0, options.toString());
        assertEquals(List.of("127.0.0.1:" + options.port()), options.seedNodes());
    }
}

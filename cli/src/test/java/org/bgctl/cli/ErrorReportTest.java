package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.regex.Pattern;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Errors a person acts on: for every bad input, one line {@code bgctl COMMAND: what is wrong and where}, one hint
 * line {@code see: bgctl COMMAND --help}, exit 2, no usage and no stack trace unless {@code --debug}.
 */
class ErrorReportTest {

    @TempDir
    Path dir;

    private Path smallTrace() throws Exception {
        return CliRun.trace(dir, "t.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 100));
    }

    /** The run failed on bad input with exactly the two lines, the first starting with {@code head}; answers it. */
    private static String badInput(CliRun run, String command, String head) {
        assertEquals(Bgctl.BAD_INPUT, run.exit(), run.toString());
        List<String> lines = run.err().lines().toList();
        assertEquals(2, lines.size(), run.toString());
        assertTrue(lines.get(0).startsWith("bgctl " + command + ": " + head), run.toString());
        assertEquals("see: bgctl " + command + " --help", lines.get(1));
        assertEquals("", run.out(), run.toString());
        return lines.get(0);
    }

    private CliRun replay(String... options) throws Exception {
        List<String> args = new ArrayList<>(List.of("replay", "--quiet", "--out", dir.resolve("run").toString()));
        args.addAll(List.of(options));
        if (!args.contains("--trace")) args.addAll(List.of("--trace", smallTrace().toString()));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void anOptionOutOfRangeIsTwoLinesNotTheUsage() throws Exception {
        CliRun run = replay("--arrival-scale", "0");
        assertTrue((run.out() + run.err()).lines().count() <= 6, run.toString());
        badInput(run, "replay", "--arrival-scale must be positive and finite, was 0.0");
        assertFalse(run.err().contains("Usage"), run.toString());
        badInput(CliRun.of("replay", "--demo", "--bogus"), "replay", "Unknown option: '--bogus'");
        String typo = badInput(CliRun.of("replay", "--demo", "--arival-scale", "2"), "replay", "Unknown option");
        assertTrue(typo.contains("did you mean --arrival-scale"), typo);
    }

    /**
     * A missing required option or argument is said as the others are, without picocli's "Error: " before it: before,
     * "bgctl submit: Error: Missing required argument (specify one of these): ...".
     */
    @Test
    void aMissingRequiredArgumentIsSaidWithoutAnErrorPrefix() {
        badInput(CliRun.of("submit", "--server", "http://127.0.0.1:1", "--runtime", "5"), "submit",
                "Missing required argument (specify one of these): (--size=N | --shape=XxYxZ)");
    }

    /**
     * The replay options serve does not take are refused saying why, not as unknown options: before, serve answered
     * "Unknown options: '--until', '100'" to options the documentation lists for replay, and still answered "Unknown
     * options: '--out', 'runs/x'" to --out, --resume, --from-run, --demo and --quiet.
     */
    @Test
    void serveRefusesTheReplayOnlyOptionsSayingWhy() throws Exception {
        Path run = dir.resolve("serve");
        String[][] refused = {
                {"--executor", "direct", "--executor is an option of replay: serve runs the actors; leave it out"},
                {"--journal", "memory", "--journal is an option of replay: serve journals to the H2 file of its run"},
                {"--chaos", "drop=0.1", "--chaos is an option of replay: chaos perturbs the agents' messages"},
                {"--until", "100", "--until is an option of replay: a server runs until it is stopped"},
                {"--out", "runs/x", "--out is an option of replay: serve's run directory is --run DIR"},
                {"--resume", "runs/x", "--resume is an option of replay: a server resumes by itself when started"
                        + " again on its run directory: give --run DIR"},
                {"--from-run", "runs/x", "--from-run is an option of replay: it re-drives a served run in virtual"
                        + " time"},
                {"--demo", null, "--demo is an option of replay: the demo replays a trace bundled with bgctl"},
                {"--quiet", null, "--quiet is an option of replay: serve prints only where it listens"}};
        for (String[] r : refused) {
            List<String> args = new ArrayList<>(List.of("serve", "--machine", "flat:8", "--port", "0", "--run",
                    run.toString(), r[0]));
            if (r[1] != null) args.add(r[1]);
            badInput(CliRun.of(args.toArray(String[]::new)), "serve", r[2]);
            assertFalse(Files.exists(run), "nothing written");
        }
        String help = CliRun.of("serve", "--help").out();
        for (String[] r : refused)
            assertFalse(Pattern.compile("(?m)^ {6}" + Pattern.quote(r[0]) + "\\b").matcher(help).find(),
                    r[0] + " not in the help");
    }

    @Test
    void messagesNameOptionsAsAPersonTypesThem() throws Exception {
        badInput(replay("--fat-probability", "2"), "replay", "--fat-probability must be between 0 and 1, was 2.0");
        badInput(replay("--torus-probability", "-1"), "replay", "--torus-probability must be between 0 and 1");
        badInput(replay("--offered-load", "0"), "replay", "--offered-load must be positive and finite, was 0.0");
        badInput(replay("--ci-fraction", "1.5"), "replay", "--ci-fraction (the fraction of communication-intensive");
    }

    /** --to 0 replayed no job with a warning, where --from 0 --to 0 was refused: a trace's submit times start at 0. */
    @Test
    void aSubmitWindowEndingAtTimeZeroIsRefused() throws Exception {
        for (String to : List.of("0", "-1"))
            badInput(replay("--machine", "flat:8", "--to", to), "replay", "--to must be positive, was " + to
                    + ": submit times start at 0, so the window would keep no job");
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }

    /** --on-kill and --max-requeues were accepted by a replay that kills no job, and changed nothing. */
    @Test
    void aKillPolicyWithoutASourceOfKillsIsRefused() throws Exception {
        badInput(replay("--machine", "flat:8", "--on-kill", "fail"), "replay", "--on-kill fail: no job is killed in"
                + " this replay, so it changes nothing; it needs a source of kills: --faults FILE");
        badInput(replay("--machine", "flat:8", "--max-requeues", "3"), "replay", "--max-requeues 3: no job is killed");
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }

    @Test
    void aMachineFileWithAHoconSyntaxErrorNamesFileAndLine() throws Exception {
        Path machine = Files.writeString(dir.resolve("m3.conf"), "bgl {\n  grid = [8, 4, 4]\n  wiring = [\n");
        String line = badInput(replay("--machine", machine.toString()), "replay", "");
        assertTrue(line.contains("m3.conf: 4:"), line);
    }

    @Test
    void aParagonSiteWithAHoconSyntaxErrorNamesFileAndLine() throws Exception {
        List<String> site = new ArrayList<>(Files.readAllLines(Path.of("../config/machines/paragon-sdsc.conf")));
        site.set(13, site.get(13).replace("height = 14,", "height = 14"));
        Path file = Files.write(dir.resolve("p.conf"), site);
        String line = badInput(replay("--machine", "paragon:" + file, "--scheduler", "nqs"), "replay", file + ": 14: ");
        assertTrue(line.contains("Expecting close brace } or a comma"), line);
    }

    @Test
    void aBadCableIsReportedAtItsLine() throws Exception {
        List<String> machine = new ArrayList<>(Files.readAllLines(Path.of("../config/machines/bgl.conf")));
        int line = 0;
        while (!machine.get(line).contains("{from: 7, out-port: 2, to: 0, in-port: 5}")) line++;
        machine.set(line, machine.get(line).replace("to: 0", "to: 9"));
        Path file = Files.write(dir.resolve("m3.conf"), machine);
        badInput(replay("--machine", file.toString()), "replay", file + ": " + (line + 1)
                + ": x-lines: cable 7 {from: 7, out-port: 2, to: 9, in-port: 5}: to 9 is out of range");
    }

    @Test
    void aMissingKeyNamesTheMachineFile() throws Exception {
        List<String> machine = new ArrayList<>(Files.readAllLines(Path.of("../config/machines/bgl.conf")));
        machine.removeIf(l -> l.startsWith("nodes-per-midplane"));
        Path file = Files.write(dir.resolve("m4.conf"), machine);
        badInput(replay("--machine", file.toString()), "replay",
                file + ": No configuration setting found for key 'nodes-per-midplane'");
    }

    @Test
    void overlappingStaticBlocksAreReportedAtTheLaterBlocksLine() throws Exception {
        Path blocks = Files.writeString(dir.resolve("blocks.conf"),
                "blocks = [\n  { name = a, box = \"R000:2x2x2\" }\n  { name = b, box = \"R100:1x1x1\" }\n]\n");
        badInput(replay("--machine", "bgl,layout=static:" + blocks), "replay",
                blocks + ": 3: block b overlaps block a on mp-R100; in a static layout blocks share no midplane");
        Path broken = Files.writeString(dir.resolve("broken.conf"), "blocks = [\n  { name = a, box = \n]\n");
        String line = badInput(replay("--machine", "bgl,layout=overlap:" + broken), "replay", "");
        assertTrue(line.contains("broken.conf: 3: "), line);
    }

    /** An overlap layout replayed with the same block listed twice. */
    @Test
    void aBoxListedTwiceInAnOverlapLayoutIsRefusedAtItsLine() throws Exception {
        Path twice = Files.writeString(dir.resolve("twice.conf"), "blocks = [\n  { name = a, box = \"R000:2x2x2\" }\n"
                + "  { name = b, box = \"R000:2x2x2\" }\n]\n");
        badInput(replay("--machine", "bgl,layout=overlap:" + twice), "replay", twice + ": 3: block b repeats block a"
                + " (line 2): the same torus R000:2x2x2; list each box once per connection");
        assertFalse(Files.exists(dir.resolve("run")), "nothing written");
    }

    @Test
    void aFaultModelWithAHoconSyntaxErrorNamesFileAndLine() throws Exception {
        Path model = Files.writeString(dir.resolve("model.conf"), "midplane {\n  ttf = \"exponential(10)\"\n  ttr = \n}\n{");
        String line = badInput(replay("--machine", "flat:8", "--fault-model", model.toString()), "replay", "");
        assertTrue(line.contains("model.conf: "), line);
    }

    @Test
    void clusterOptionsComeWithClusterAndTheActors() throws Exception {
        badInput(replay("--machine", "flat:8", "--members", "3"), "replay",
                "--members configures the cluster of --cluster; give --cluster too, or leave it out");
        badInput(replay("--machine", "flat:8", "--cluster", "--executor", "direct"), "replay",
                "--cluster spreads the agents of the actors executor; the direct executor has none");
    }

    /** serve started in one JVM and ignored them: --members 3 without --cluster waited for no member. */
    @Test
    @Timeout(60)
    void serveTakesClusterOptionsOnlyWithCluster() throws Exception {
        Path run = dir.resolve("serve-cluster");
        String[][] stray = {{"--members", "3"}, {"--seed-nodes", "127.0.0.1:2552"}, {"--cluster-port", "2999"},
                {"--hostname", "10.0.0.1"}};
        for (String[] option : stray)
            badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0", "--run", run.toString(), option[0],
                    option[1]), "serve", option[0] + " configures the cluster of --cluster; give --cluster too,"
                    + " or leave it out");
        assertFalse(Files.exists(run), "nothing left behind");
    }

    /** serve said only "Is a directory" or "X: no such file or directory", naming neither the option nor the file. */
    @Test
    @Timeout(60)
    void serveNamesAnInputFileItCannotRead() throws Exception {
        Path run = dir.resolve("serve-inputs");
        Files.createDirectory(dir.resolve("adir"));
        String[][] cases = {{"--faults", "fault file "}, {"--fault-model", "fault model "},
                {"--reservations", "reservation file "}};
        for (String[] c : cases) {
            String directory = badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0", "--run",
                    run.toString(), c[0], dir.resolve("adir").toString()), "serve", c[1] + dir.resolve("adir"));
            assertTrue(directory.endsWith(": a directory, not a file"), directory);
            String missing = badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0", "--run",
                    run.toString(), c[0], dir.resolve("nothing").toString()), "serve", c[1] + dir.resolve("nothing"));
            assertTrue(missing.endsWith(": no such file"), missing);
        }
        assertFalse(Files.exists(run), "nothing left behind");
    }

    /**
     * serve on a port something else listens on printed Akka's stack trace of the failed bind, then a message naming
     * Akka's internal classes ("akka.stream.impl.io.ConnectionSourceStage$$anon$1$$anon$2: Bind failed because of
     * java.net.BindException: ...").
     */
    @Test
    void serveOnAPortInUseSaysSoInOneLine() throws Exception {
        Path run = dir.resolve("port-in-use");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            String line = badInput(CliRun.of("serve", "--machine", "flat:8", "--port", String.valueOf(port), "--run",
                    run.toString()), "serve", "cannot serve on 127.0.0.1:" + port);
            assertEquals("bgctl serve: cannot serve on 127.0.0.1:" + port + ": the port is in use; stop what listens"
                    + " on it, or give another --port (nothing was changed)", line);
        }
        assertFalse(Files.exists(run), "nothing left behind");
    }

    /** serve --host NAME naming no address said only "NAME: Name or service not known", naming no option. */
    @Test
    void serveNamesAHostThatDoesNotResolve() throws Exception {
        Path run = dir.resolve("no-host");
        assertEquals("bgctl serve: --host no-such-host.invalid does not resolve (nothing was changed)", badInput(
                CliRun.of("serve", "--machine", "flat:8", "--host", "no-such-host.invalid", "--token", "t", "--run",
                        run.toString()), "serve", "--host"));
        assertFalse(Files.exists(run), "nothing left behind");
    }

    /** replay --cluster --hostname NAME naming no address printed Akka's failed bind with its stack trace, exit 1. */
    @Test
    void aClusterHostnameThatDoesNotResolveIsNamed() throws Exception {
        assertEquals("bgctl replay: --hostname no-such-host.invalid does not resolve (nothing was changed)", badInput(
                replay("--machine", "flat:8", "--cluster", "--hostname", "no-such-host.invalid"), "replay",
                "--hostname"));
        assertFalse(Files.exists(dir.resolve("run")), "nothing left behind");
    }

    /**
     * A server started again on its run directory opens a journal its last stop closed cleanly, and H2 marks the file
     * as open only when it next rewrites the file's header: inspect, status --run, report --run and replay --from-run
     * then opened it read-only beside the server and read pages the server's compaction was moving ("File corrupted
     * while reading record"), or a journal a moment old; a server's lock on serve.lock now refuses them too.
     */
    @Test
    void aJournalAServerRunsOnIsNotReadBesideIt() throws Exception {
        CliRun replayed = replay("--machine", "flat:8", "--journal", "h2");
        assertEquals(0, replayed.exit(), replayed.toString());
        Path run = dir.resolve("run");
        Process holder = new ProcessBuilder(ProcessHandle.current().info().command().orElseThrow(), "-cp",
                System.getProperty("java.class.path"), LockHolder.class.getName(), run.resolve("serve.lock").toString())
                .redirectErrorStream(true).start();
        try {
            assertEquals('L', holder.getInputStream().read(), "the other process holds serve.lock");
            String line = badInput(inspect(run, "--audit"), "inspect", "cannot read the journal of " + run);
            assertTrue(line.endsWith("it is open in another process (a bgctl serve running on it?); stop that first,"
                    + " or ask the server with --server"), line);
        } finally {
            holder.destroy();
            holder.waitFor();
        }
        assertEquals(0, inspect(run, "--audit").exit(), "read once the server has stopped");
    }

    /** Holds an operating-system lock on the file {@code args[0]}, as a running server holds serve.lock, until killed. */
    static final class LockHolder {
        public static void main(String[] args) throws Exception {
            try (java.nio.channels.FileChannel channel = java.nio.channels.FileChannel.open(Path.of(args[0]),
                    java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.WRITE);
                 java.nio.channels.FileLock lock = channel.lock()) {
                System.out.print('L');
                System.out.flush();
                Thread.sleep(120_000);
            }
        }
    }

    /**
     * inspect and status opened an empty journal.mv.db as a new database, wrote one into it and read no events (--verify:
     * "OK: 0 entries").
     */
    @Test
    void anEmptyJournalFileIsRefusedAndLeftAsItWas() throws Exception {
        Path run = Files.createDirectory(dir.resolve("empty-journal"));
        Path journal = Files.createFile(run.resolve("journal.mv.db"));
        String expected = "journal " + journal + " is empty: not a journal (nothing was read)";
        for (String[] options : new String[][] {{}, {"--verify"}, {"--gangs"}})
            assertEquals("bgctl inspect: " + expected, badInput(inspect(run, options), "inspect", expected));
        assertEquals("bgctl status: " + expected, badInput(CliRun.of("status", "--run", run.toString(), "--machine",
                "flat:8", "--at", "10"), "status", expected));
        assertEquals(0, Files.size(journal), "left as it was");
    }

    /**
     * A journal.mv.db that is no H2 file: inspect, status, replay --journal and replay --resume answered H2's "IO
     * Exception: ... [90028-214]" and left a new journal.trace.db beside it.
     */
    @Test
    void aJournalFileThatIsNoH2FileIsRefusedAndLeftAsItWas() throws Exception {
        Path run = dir.resolve("garbage-journal");
        assertEquals(0, CliRun.of("replay", "--quiet", "--trace", smallTrace().toString(), "--machine", "flat:8",
                "--out", run.toString()).exit());
        Path journal = Files.writeString(run.resolve("journal.mv.db"), "x\n");
        List<String> files;
        try (var listed = Files.list(run)) {
            files = listed.map(p -> p.getFileName().toString()).sorted().toList();
        }
        String expected = "journal " + journal + " is not a journal: not an H2 database file (nothing was read)";
        for (String[] options : new String[][] {{}, {"--verify"}, {"--gangs"}, {"--audit"}})
            assertEquals("bgctl inspect: " + expected, badInput(inspect(run, options), "inspect", expected));
        assertEquals("bgctl status: " + expected, badInput(CliRun.of("status", "--run", run.toString(), "--at", "10"),
                "status", expected));
        assertEquals("bgctl status: " + expected, badInput(CliRun.of("status", "--run", run.toString(), "--machine",
                "flat:8", "--at", "10"), "status", expected));
        Path out = dir.resolve("again");
        assertEquals("bgctl replay: " + expected, badInput(CliRun.of("replay", "--journal", run.toString(), "--out",
                out.toString()), "replay", expected));
        assertFalse(Files.exists(out), "nothing written");
        for (String output : new String[] {"summary.json", "jobs.csv", "schedule.swf", "report.html"})
            Files.move(run.resolve(output), dir.resolve(output)); // as a replay killed before its end leaves it
        assertEquals("bgctl replay: " + expected, badInput(CliRun.of("replay", "--resume", run.toString()), "replay",
                expected));
        for (String output : new String[] {"summary.json", "jobs.csv", "schedule.swf", "report.html"})
            Files.move(dir.resolve(output), run.resolve(output));
        assertEquals("x\n", Files.readString(journal), "left as it was");
        try (var listed = Files.list(run)) {
            assertEquals(files, listed.map(p -> p.getFileName().toString()).sorted().toList(), "no file added");
        }
    }

    private static CliRun inspect(Path run, String... options) {
        List<String> args = new ArrayList<>(List.of("inspect", "--run", run.toString()));
        args.addAll(Arrays.asList(options));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void anUnreadableTraceSaysWhy() throws Exception {
        String missing = badInput(replay("--trace", dir.resolve("nothing.swf").toString()), "replay", "trace ");
        assertTrue(missing.endsWith("nothing.swf: no such file"), missing);
        Files.createDirectory(dir.resolve("traces"));
        String directory = badInput(replay("--trace", dir.resolve("traces").toString()), "replay", "trace ");
        assertTrue(directory.endsWith("traces is a directory, not a file"), directory);
        // a machine given: the durable replay reads the trace for its checksum before it opens it
        String withMachine = badInput(replay("--machine", "flat:8", "--trace", dir.resolve("traces").toString()),
                "replay", "trace ");
        assertTrue(withMachine.endsWith("traces is a directory, not a file"), withMachine);
        String missingWithMachine = badInput(replay("--machine", "flat:8", "--trace",
                dir.resolve("nothing.swf").toString()), "replay", "trace ");
        assertTrue(missingWithMachine.endsWith("nothing.swf: no such file"), missingWithMachine);
        byte[] noise = new byte[4096];
        new Random(7).nextBytes(noise);
        Path binary = Files.write(dir.resolve("binary.swf"), noise);
        String bin = badInput(replay("--machine", "flat:8", "--trace", binary.toString()), "replay", "binary.swf line ");
        assertTrue(bin.endsWith("not a text file: is it a binary file, or compressed other than with gzip?"), bin);
        ByteArrayOutputStream gz = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
            out.write(Files.readAllBytes(Path.of("../control-plane/src/test/resources/traces/sdsc-sp2-excerpt.swf")));
        }
        byte[] whole = gz.toByteArray();
        Path truncated = Files.write(dir.resolve("cut.swf.gz"), Arrays.copyOf(whole, whole.length / 2));
        String cut = badInput(replay("--trace", truncated.toString()), "replay", "cut.swf.gz line ");
        assertTrue(cut.contains("the gzip data is truncated or corrupt"), cut);
        // cut before the first line: within the gzip header (an EOFException without a message), or just after it
        for (int length : new int[] {5, 15}) {
            Path headless = Files.write(dir.resolve("headless.swf.gz"), Arrays.copyOf(whole, length));
            for (String machine : List.of("flat:8", "")) {
                List<String> options = new ArrayList<>(List.of("--trace", headless.toString()));
                if (!machine.isEmpty()) options.addAll(List.of("--machine", machine));
                String message = badInput(replay(options.toArray(String[]::new)), "replay",
                        "headless.swf.gz: the gzip data is truncated or corrupt");
                if (length == 5)
                    assertEquals("bgctl replay: headless.swf.gz: the gzip data is truncated or corrupt", message);
            }
        }
    }

    @Test
    void anOutThatIsAFileSaysSo() throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        badInput(CliRun.of("replay", "--quiet", "--trace", smallTrace().toString(), "--out", file.toString()), "replay",
                "--out " + file + " is a file, not a directory");
    }

    @Test
    void aBinaryFaultFileNamesFileAndLine() throws Exception {
        Path faults = Files.write(dir.resolve("bin.faults"), new byte[] {'1', '0', ' ', (byte) 0xff, (byte) 0xfe, '\n'});
        badInput(replay("--faults", faults.toString()), "replay", faults + ":1: not UTF-8 text");
    }

    @Test
    void aMessageOfSeveralLinesIsPrintedAsOne() {
        assertEquals("2 of 3 runs cannot start: run 1 (a): bad; run 3 (c): worse",
                ErrorReport.oneLine("2 of 3 runs cannot start:\n  run 1 (a): bad\n\n  run 3 (c): worse\n"));
        assertEquals("plain", ErrorReport.oneLine("plain"));
    }

    @Test
    void aClientWithoutAServerSaysSoInOneLine() {
        CliRun run = CliRun.of("jobs", "--server", "http://127.0.0.1:1");
        badInput(run, "jobs", "no bgctl server at http://127.0.0.1:1/: connection refused");
    }

    @Test
    void aServerAddressThatIsNotAnHttpUrlIsNamedAsTheOptionItCameFrom() {
        for (String url : List.of("localhost:8080", "ftp://127.0.0.1:8080", "http://", "http://[::1",
                "http://127.0.0.1:abc")) {
            badInput(CliRun.of("jobs", "--server", url), "jobs", "--server: expected http://HOST:PORT, e.g."
                    + " http://127.0.0.1:8080; got '" + url + "'");
            badInput(CliRun.of("status", "--server", url), "status", "--server: expected http://HOST:PORT");
        }
    }

    @Test
    void anUnknownJobStatusIsBadInputNotAnEmptyList() {
        // checked before the server is asked: no server listens on port 1
        badInput(CliRun.of("jobs", "--server", "http://127.0.0.1:1", "--status", "finished"), "jobs",
                "--status: expected one of queued, running, suspended, completed, killed_at_walltime, killed_by_fault,"
                        + " cancelled; got 'finished'");
    }

    /** never_started is a status of jobs.csv, for a job still queued when a replay ended: no server reports it. */
    @Test
    void aStatusNoServerReportsIsBadInputNotAnEmptyList() {
        badInput(CliRun.of("jobs", "--server", "http://127.0.0.1:1", "--status", "never_started"), "jobs",
                "--status: expected one of queued, running, suspended, completed, killed_at_walltime, killed_by_fault,"
                        + " cancelled; got 'never_started'");
    }

    /** Job ids count from 1, in a trace (SWF) and live: 0 was sent to the server, which knew no such job. */
    @Test
    void aJobIdBelowOneIsNamedBeforeTheServerIsAsked() {
        for (String id : List.of("-5", "0", "abc", "+5"))
            badInput(CliRun.of("cancel", "--server", "http://127.0.0.1:1", "--", id), "cancel",
                    "ID: expected a job id (1 or more), got " + id);
    }

    /** The name goes in the path of the call: ../jobs/1 would have cancelled job 1 instead. */
    @Test
    void aReservationNameToCancelIsCheckedBeforeTheServerIsAsked() {
        badInput(CliRun.of("reserve", "--server", "http://127.0.0.1:1", "--cancel", "../jobs/1"), "reserve",
                "--cancel: '../jobs/1' is not a name: letters and digits, joined by - _ . : @ (it names the window in"
                        + " DELETE /api/reservations/NAME)");
    }

    @Test
    void theStackTraceOnlyWithDebug() throws Exception {
        CliRun plain = replay("--trace", dir.resolve("nothing.swf").toString());
        assertFalse(plain.err().contains("\tat "), plain.toString());
        CliRun debug = replay("--trace", dir.resolve("nothing.swf").toString(), "--debug");
        assertEquals(Bgctl.BAD_INPUT, debug.exit());
        assertTrue(debug.err().startsWith("bgctl replay: trace "), debug.toString());
        assertTrue(debug.err().contains("\tat org.bgctl."), debug.toString());
    }

    @Test
    void aTraceWithTheLargestJobNumberLeavesNoneForTheApi() throws Exception {
        // serve numbered the first submitted job 9223372036854775807 + 1, and the scheduler stopped at it
        Path trace = CliRun.trace(dir, "huge-ids.swf", "; MaxNodes: 8", CliRun.job(Long.MAX_VALUE, 0, 10, 2, 20));
        String expected = "huge-ids.swf has job number 9223372036854775807, the largest there is: none is left for"
                + " the jobs the API would submit";
        assertEquals("bgctl serve: " + expected, badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0",
                "--trace", trace.toString(), "--run", dir.resolve("served").toString()), "serve", "huge-ids.swf "));
        assertFalse(Files.exists(dir.resolve("served")), "nothing left behind");
        assertEquals("bgctl replay: " + expected, badInput(replay("--trace", trace.toString(), "--machine", "flat:8",
                "--speed", "10", "--port", "0"), "replay", "huge-ids.swf "));
        assertEquals(0, replay("--trace", trace.toString(), "--machine", "flat:8").exit(), "without --port it replays");
    }

    /** serve answered "speed must be a positive number ...", naming no option, where replay names --speed. */
    @Test
    void serveNamesTheSpeedOptionItRefuses() {
        Path run = dir.resolve("served");
        for (String speed : List.of("0", "-1", "NaN"))
            badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0", "--speed", speed, "--run", run.toString()),
                    "serve", "--speed must be a positive number of virtual seconds per wall second, at most 3153600000,"
                            + " was " + Double.parseDouble(speed));
        assertFalse(Files.exists(run), "nothing left behind");
    }

    @Test
    void serveRefusesARunThatIsAFileAsReplayRefusesAnOutThatIsOne() throws IOException {
        Path file = Files.writeString(dir.resolve("a-file"), "mine");
        badInput(CliRun.of("serve", "--machine", "flat:8", "--port", "0", "--run", file.toString()), "serve",
                "--run " + file + " is a file, not a directory");
        assertEquals("mine", Files.readString(file), "the file is left as it was");
    }

    @Test
    void serveWithoutAMachineIsBadInputToo() {
        badInput(CliRun.of("serve", "--port", "0", "--run", dir.resolve("served").toString()), "serve",
                "--machine is required for a new run directory");
        assertFalse(Files.exists(dir.resolve("served")), "nothing left behind");
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.bgctl.journal.JournalLocation;
import org.bgctl.journal.JournalSettings;
import org.bgctl.journal.JournalVerifier;
import org.bgctl.journal.PostgresSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A durable replay of the CTC excerpt on bgl as real processes: killed (SIGKILL) at random points and resumed with
 * {@code replay --resume}, or interrupted (SIGINT, exit 130) and resumed, it ends with the jobs.csv, schedule.swf and
 * summary.json (outside {@code run}) of the uninterrupted run, and its journal passes {@code inspect --verify} after
 * every kill and {@code inspect --audit} at the end. The children journal each instant of two events or more
 * ({@code bgctl.virtual-journal-group=1}) and snapshot every 10 entries, so a run takes a few seconds, a kill finds the
 * journal mid-write and a resume recovers from a snapshot and the entries after it. Seeded: the same kill points each
 * time.
 */
class ReplayResumeTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "ctc-sp2-excerpt.swf").toAbsolutePath().normalize();
    private static final String[] OPTIONS = {"--machine", "bgl", "--size-divide", "4", "--sizes-in", "units",
            "--quiet"};
    private static final List<String> JVM = List.of("-Dbgctl.virtual-journal-group=1",
            "-Dbgctl.scheduler.snapshot-every=10");
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int CYCLES = 6;
    private static final long GROWTH = 64 * 1024;

    @TempDir
    static Path shared;
    static Path reference;

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();

    @BeforeAll
    static void uninterrupted() {
        reference = shared.resolve("uninterrupted");
        CliRun run = replay(reference);
        assertEquals(0, run.exit(), run.toString());
    }

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static CliRun replay(Path out) {
        List<String> args = new ArrayList<>(List.of("replay", "--trace", TRACE.toString(), "--out", out.toString()));
        args.addAll(List.of(OPTIONS));
        return CliRun.of(args.toArray(String[]::new));
    }

    @Test
    void killedAtRandomPointsThenResumedGivesTheUninterruptedOutputs() throws Exception {
        Path run = dir.resolve("run");
        Random random = new Random(16);
        Process first = start(run, "--trace", TRACE.toString(), "--out", run.toString());
        awaitRecord(run, first);
        int killedRunning = kill(first, run, random.nextInt(400)) ? 1 : 0;
        long entries = assertSound(run);
        // a fast machine may finish the run within a delay: the kills stop there, and at least two must have hit it
        for (int k = 0; k < 2 && !Files.exists(run.resolve("jobs.csv")); k++) {
            Process resumed = start(run, "--resume", run.toString());
            if (kill(resumed, run, random.nextInt(400))) killedRunning++;
            entries = Math.max(entries, assertSound(run));
        }
        assertTrue(entries > 0, "no kill found anything journaled: " + logs());
        assertTrue(killedRunning >= 2, "only " + killedRunning + " kill(s) came before the run ended: " + logs());
        resumeToTheEnd(run);
    }

    @Test
    void interruptedBySigintThenResumedGivesTheUninterruptedOutputs() throws Exception {
        Path run = dir.resolve("run");
        Process p = start(run, "--trace", TRACE.toString(), "--out", run.toString());
        awaitRecord(run, p);
        // at once: started with C1 only, as ./bgctl starts a replay, the run may end within half a second more
        awaitJournalGrowth(run, p);
        Process signal = new ProcessBuilder("kill", "-" + interruptSignal(p), Long.toString(p.pid())).start();
        assertEquals(0, signal.waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the interrupted replay did not exit");
        String output = Files.readString(dir.resolve("child-0.log"));
        assertEquals(Interruption.INTERRUPTED, p.exitValue(), output);
        assertTrue(output.contains("continue with: bgctl replay --resume " + run), output);
        assertTrue(JSON.readTree(run.resolve("summary.json").toFile()).get("interrupted").asBoolean(), output);
        assertFalse(Files.exists(run.resolve("jobs.csv")));
        assertSound(run);
        resumeToTheEnd(run);
    }

    /** Kill-and-reopen cycles, each a resume killed once it journals: the journal always opens and reads whole. */
    @Test
    void journalStaysReadableThroughRepeatedKills() throws Exception {
        Path run = dir.resolve("run");
        Random random = new Random(10);
        Process first = start(run, "--trace", TRACE.toString(), "--out", run.toString());
        awaitRecord(run, first);
        kill(first, run, random.nextInt(800));
        long entries = assertSound(run);
        for (int cycle = 1; cycle < CYCLES && !Files.exists(run.resolve("jobs.csv")); cycle++) {
            Process resumed = start(run, "--resume", run.toString());
            kill(resumed, run, random.nextInt(800));
            long now = assertSound(run);
            assertTrue(now >= entries, "cycle " + cycle + ": the journal lost entries (" + entries + " -> " + now + ")");
            entries = now;
        }
        resumeToTheEnd(run);
    }

    /**
     * Killed (SIGKILL) while it closes its journal after a SIGINT — the moment H2 rewrites its file's layout — and
     * reopened, several times: the journal always opens and reads whole, and the run resumes to its end.
     */
    @Test
    void journalStaysReadableWhenKilledWhileItCloses() throws Exception {
        Path run = dir.resolve("run");
        Random random = new Random(13);
        Process p = start(run, "--trace", TRACE.toString(), "--out", run.toString());
        awaitRecord(run, p);
        for (int cycle = 0; cycle < 3 && !Files.exists(run.resolve("jobs.csv")); cycle++) {
            if (cycle > 0) p = start(run, "--resume", run.toString());
            awaitJournalGrowth(run, p);
            Process signal = new ProcessBuilder("kill", "-" + interruptSignal(p), Long.toString(p.pid())).start();
            assertEquals(0, signal.waitFor());
            Thread.sleep(random.nextInt(400));
            p.destroyForcibly();
            assertTrue(p.waitFor(30, TimeUnit.SECONDS));
            assertSound(run);
        }
        resumeToTheEnd(run);
    }

    /** The same with the PostgreSQL journal: killed once it journaled, resumed to the uninterrupted outputs. */
    @Test
    void aPostgresReplayKilledThenResumedGivesTheUninterruptedOutputs() throws Exception {
        String unreachable = PostgresSettings.from(ConfigFactory.load()).unreachableReason();
        assumeTrue(unreachable == null, () -> "skipped: needs PostgreSQL and none is reachable (" + unreachable + ")");
        Path run = dir.resolve("run");
        Process p = start(run, "--trace", TRACE.toString(), "--out", run.toString(), "--journal", "postgres");
        awaitRecord(run, p);
        for (int i = 0; i < 1200 && p.isAlive() && journaled(run) < 20; i++) Thread.sleep(50);
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(assertSound(run) > 0, "nothing journaled before the kill: " + logs());
        assertFalse(Files.exists(run.resolve("jobs.csv")), "the run ended before the kill");
        resumeToTheEnd(run);
    }

    /** Entries in the journal of {@code run}, or 0 before it has one (or before its tables are made). */
    private static long journaled(Path run) {
        if (!JournalLocation.exists(run)) return 0;
        try {
            return JournalVerifier.verify(JournalLocation.of(run)).entries();
        } catch (IllegalArgumentException noTablesYet) {
            return 0;
        }
    }

    @Test
    void resumeOfAFinishedRunSaysSoAndOfANonRunExitsTwo() throws Exception {
        CliRun again = CliRun.of("replay", "--resume", reference.toString());
        assertEquals(0, again.exit(), again.toString());
        assertTrue(again.out().contains("already ran to its end"), again.toString());
        CliRun otherMachine = CliRun.of("replay", "--resume", reference.toString(), "--machine", "flat:3");
        assertEquals(Bgctl.BAD_INPUT, otherMachine.exit(), otherMachine.toString());
        assertTrue(otherMachine.err().startsWith("bgctl replay: --machine: --resume " + reference + " continues a"
                + " recorded replay with the options of its run.json; give none"), otherMachine.toString());
        Files.createDirectories(dir.resolve("empty"));
        CliRun none = CliRun.of("replay", "--resume", dir.resolve("empty").toString());
        assertEquals(Bgctl.BAD_INPUT, none.exit(), none.toString());
        List<String> lines = none.err().strip().lines().toList();
        assertEquals(2, lines.size(), none.toString());
        assertTrue(lines.get(0).contains("no run.json"), none.toString());
        assertEquals("see: bgctl replay --help", lines.get(1), none.toString());
    }

    /**
     * A resume refuses a fault file that changed or is gone since the run started, as it refuses a changed trace: the
     * rest of the run would take other faults than its journal's first part. The run is left as it was.
     */
    @Test
    void resumeRefusesAFaultFileThatChangedOrIsGone() throws Exception {
        Path faults = Files.writeString(dir.resolve("faults.txt"), "100 node-0 down\n");
        Path trace = CliRun.trace(dir, "t.swf", CliRun.job(1, 0, 500, 2, 600), CliRun.job(2, 10, 500, 2, 600));
        Path run = dir.resolve("run");
        CliRun first = CliRun.of("replay", "--trace", trace.toString(), "--machine", "flat:4", "--faults",
                faults.toString(), "--out", run.toString(), "--quiet");
        assertEquals(0, first.exit(), first.toString());
        Files.delete(run.resolve("summary.json")); // as a kill before the end leaves it
        Files.writeString(faults, "100 node-0 down\n200 node-0 up\n");
        CliRun changed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(Bgctl.BAD_INPUT, changed.exit(), changed.toString());
        assertTrue(changed.err().startsWith("bgctl replay: the fault file " + faults + " changed since the run started"
                + " (its SHA-256 differs from run.json); cannot resume"), changed.toString());
        assertFalse(Files.exists(run.resolve("summary.json")), changed.toString());
        Files.delete(faults);
        CliRun gone = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(Bgctl.BAD_INPUT, gone.exit(), gone.toString());
        assertTrue(gone.err().startsWith("bgctl replay: the fault file " + faults + " cannot be read any more (no such"
                + " file); cannot resume"), gone.toString());
        Files.writeString(faults, "100 node-0 down\n");
        CliRun same = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, same.exit(), same.toString());
        assertTrue(Files.exists(run.resolve("summary.json")), same.toString());
    }

    /**
     * report.html, whose presence says a run ran to its end, is never there half written: a SIGKILL the moment it
     * appears leaves it whole (or absent, and a resume writes it), never a truncated report that a resume then takes
     * for a finished run.
     */
    @Test
    void aKillAsReportHtmlAppearsLeavesItWhole() throws Exception {
        Path run = dir.resolve("run");
        Process p = start(run, "--trace", TRACE.toString(), "--out", run.toString());
        Path report = run.resolve("report.html");
        long seen = -1;
        while (p.isAlive() && seen < 0) {
            try {
                seen = Files.size(report);
            } catch (NoSuchFileException notYet) {
                Thread.onSpinWait();
            }
        }
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        assertTrue(seen != 0, "report.html appeared empty, before it was written");
        if (Files.exists(report))
            assertTrue(Files.readString(report).strip().endsWith("</html>"), "report.html cut short: "
                    + Files.size(report) + " bytes");
        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.toString());
        assertArrayEquals(Files.readAllBytes(reference.resolve("jobs.csv")), Files.readAllBytes(run.resolve("jobs.csv")));
        assertTrue(Files.readString(report).strip().endsWith("</html>"), resumed.toString());
    }

    /**
     * A resume refuses a machine file or block file (FILE.conf, layout=static:FILE) that changed or is gone since the
     * run started: the rest of the run would be scheduled on another machine than its journal's first part.
     */
    @Test
    void resumeRefusesAMachineFileOrBlockFileThatChanged() throws Exception {
        Path config = Path.of("..", "config").toAbsolutePath().normalize();
        Path wiring = Files.copy(config.resolve("machines/bgl.conf"), dir.resolve("own.conf"));
        Path blocks = Files.copy(config.resolve("layouts/bgl-static.conf"), dir.resolve("blocks.conf"));
        String wiringText = Files.readString(wiring);
        String blocksText = Files.readString(blocks);
        Path trace = CliRun.trace(dir, "t.swf", CliRun.job(1, 0, 500, 2, 600), CliRun.job(2, 10, 500, 2, 600));
        Path run = dir.resolve("run");
        CliRun first = CliRun.of("replay", "--trace", trace.toString(), "--machine", wiring + ",layout=static:" + blocks,
                "--sizes-in", "units", "--out", run.toString(), "--quiet");
        assertEquals(0, first.exit(), first.toString());
        Files.delete(run.resolve("summary.json")); // as a kill before the end leaves it
        Files.writeString(wiring, wiringText + "# edited\n");
        CliRun changed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(Bgctl.BAD_INPUT, changed.exit(), changed.toString());
        assertTrue(changed.err().startsWith("bgctl replay: the machine file " + wiring + " changed since the run"
                + " started (its SHA-256 differs from run.json); cannot resume"), changed.toString());
        Files.writeString(wiring, wiringText);
        Files.writeString(blocks, blocksText + "# edited\n");
        CliRun block = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(Bgctl.BAD_INPUT, block.exit(), block.toString());
        assertTrue(block.err().startsWith("bgctl replay: the block file " + blocks + " changed since the run"
                + " started (its SHA-256 differs from run.json); cannot resume"), block.toString());
        assertFalse(Files.exists(run.resolve("summary.json")), block.toString());
        Files.writeString(blocks, blocksText);
        CliRun same = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, same.exit(), same.toString());
        assertTrue(Files.exists(run.resolve("summary.json")), same.toString());
    }

    @Test
    void verifyNamesTheFirstMissingEntry() throws Exception {
        CliRun ok = CliRun.of("inspect", "--run", reference.toString(), "--verify");
        assertEquals(0, ok.exit(), ok.toString());
        assertTrue(ok.out().startsWith("OK: "), ok.toString());
        Path broken = dir.resolve("broken");
        Files.createDirectories(broken);
        for (String f : new String[] {"journal.mv.db", "summary.json"})
            Files.copy(reference.resolve(f), broken.resolve(f));
        assertEquals(1, JournalVerifier.verify(JournalLocation.of(broken)).entries());
        try (Connection c = DriverManager.getConnection(JournalSettings.h2Url(broken), "sa", "")) {
            c.createStatement().executeUpdate("UPDATE \"event_journal\" SET \"event_payload\" = X'00ff'");
        }
        CliRun unreadable = CliRun.of("inspect", "--run", broken.toString(), "--verify");
        assertEquals(InspectCommand.VIOLATIONS, unreadable.exit(), unreadable.toString());
        assertTrue(unreadable.out().contains("BAD: ") && unreadable.out().contains("entry 1: does not deserialize"),
                unreadable.toString());
        try (Connection c = DriverManager.getConnection(JournalSettings.h2Url(broken), "sa", "")) {
            c.createStatement().executeUpdate("UPDATE \"event_journal\" SET \"sequence_number\" = 3");
        }
        CliRun gap = CliRun.of("inspect", "--run", broken.toString(), "--verify");
        assertEquals(InspectCommand.VIOLATIONS, gap.exit(), gap.toString());
        assertTrue(gap.out().contains("entry 3: expected sequence number 1"), gap.toString());
    }

    /** What the children printed. */
    private String logs() throws IOException {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < children.size(); i++)
            b.append("\n--- child ").append(i).append(":\n").append(Files.readString(dir.resolve("child-" + i + ".log")));
        return b.toString();
    }

    /** The last resume runs to the end: the uninterrupted run's outputs, a clean audit. */
    private void resumeToTheEnd(Path run) throws Exception {
        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.toString());
        for (String f : new String[] {"jobs.csv", "schedule.swf"})
            assertArrayEquals(Files.readAllBytes(reference.resolve(f)), Files.readAllBytes(run.resolve(f)), f);
        assertEquals(withoutRun(reference), withoutRun(run));
        CliRun audit = CliRun.of("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("clean"), audit.toString());
    }

    private static String withoutRun(Path run) throws IOException {
        ObjectNode summary = (ObjectNode) JSON.readTree(run.resolve("summary.json").toFile());
        summary.remove("run");
        return summary.toPrettyString();
    }

    /** The journal opens, its entries are contiguous and readable; returns how many it holds. */
    private static long assertSound(Path run) {
        if (!JournalLocation.exists(run)) return 0;
        JournalVerifier.Result r = JournalVerifier.verify(JournalLocation.of(run));
        assertTrue(r.ok(), r.toString());
        return r.entries();
    }

    private Process start(Path run, String... args) throws IOException {
        List<String> command = ChildJvm.command("512m", JVM);
        command.add("replay");
        command.addAll(List.of(args));
        if (args[0].equals("--trace")) command.addAll(List.of(OPTIONS));
        else command.add("--quiet");
        Files.createDirectories(run.getParent());
        Process p = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(run.getParent().resolve("child-" + children.size() + ".log").toFile()).start();
        children.add(p);
        return p;
    }

    /** Waits until the replay has recorded its options (before that a kill leaves nothing to resume). */
    private static void awaitRecord(Path run, Process p) throws InterruptedException {
        for (int i = 0; i < 1200 && !Files.exists(run.resolve("run.json")); i++) {
            assertTrue(p.isAlive(), "the replay ended before it recorded run.json");
            Thread.sleep(50);
        }
        assertTrue(Files.exists(run.resolve("run.json")), "no run.json after a minute");
    }

    /**
     * SIGKILL {@code delayMs} after the journal file, as the process found it, grew; whether the process was still
     * running then (rather than already ended with its run).
     */
    private static boolean kill(Process p, Path run, long delayMs) throws Exception {
        awaitJournalGrowth(run, p);
        Thread.sleep(delayMs);
        boolean running = p.isAlive();
        p.destroyForcibly();
        assertTrue(p.waitFor(30, TimeUnit.SECONDS));
        return running;
    }

    /**
     * Waits until the journal file of {@code run} has grown by {@value #GROWTH} bytes over the smallest size seen: the
     * replay is journaling its instants (H2 appends its commits), not merely opening the file. A resumed replay first
     * rewrites the file its killed predecessor left (H2Connections), which may leave it smaller.
     */
    private static void awaitJournalGrowth(Path run, Process p) throws Exception {
        long smallest = -1;
        for (int i = 0; i < 2400 && p.isAlive(); i++) {
            long size = size(run);
            if (smallest < 0 || size < smallest) smallest = size;
            else if (size > smallest + GROWTH) return;
            Thread.sleep(25);
        }
    }

    private static long size(Path run) throws IOException {
        Path journal = run.resolve(JournalSettings.H2_FILE + ".mv.db");
        return Files.exists(journal) ? Files.size(journal) : -1;
    }

    /**
     * INT, unless the child ignores it — a JVM started with SIGINT ignored (by a shell without job control, as for a
     * background command) leaves it so — then TERM, which the same shutdown hook handles.
     */
    static String interruptSignal(Process p) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(p.pid()), "status"))) {
            if (line.startsWith("SigIgn:")) {
                long ignored = Long.parseUnsignedLong(line.substring(7).trim(), 16);
                return (ignored & 0x2) != 0 ? "TERM" : "INT";
            }
        }
        return "INT";
    }
}

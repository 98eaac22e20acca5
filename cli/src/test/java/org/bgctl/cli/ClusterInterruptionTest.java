package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.journal.JournalLocation;
import org.bgctl.run.RunRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM (as Ctrl-C) to the driver of a durable cluster replay while its clock runs, with its agents on another
 * member: the run stops as one interrupted in one JVM does, its journal closed and the --resume command printed,
 * exit 130, and --resume gives the schedule of an uninterrupted run. (Akka's own JVM shutdown hook once closed the
 * driver's remoting at the signal: the instant under way never settled, the Split Brain Resolver downed the driver,
 * and it ended with "the clock was stopped", its run directory gone.) And a driver the cluster downs says why; a
 * durable replay whose member is lost keeps its journal, and resumes to the outputs of an uninterrupted run.
 */
class ClusterInterruptionTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf");
    private static final String MACHINE = "supernode:4x4x8/1";
    private static final Pattern ENTRIES = Pattern.compile("holds (\\d+) entries");

    @TempDir
    Path dir;

    @Test
    @Timeout(240)
    void aDurableClusterReplayStoppedMidRunIsInterruptedAndCanBeResumed() throws Exception {
        int seed = ClusterProcessesTest.freePort();
        Path run = dir.resolve("run");
        List<Process> processes = new ArrayList<>();
        try {
            processes.add(member(seed));
            Process driver = driver(run, ClusterProcessesTest.freePort(), seed, List.of());
            processes.add(driver);
            awaitLine("driver", "the clock starts", driver);
            Thread.sleep(300);
            assertTrue(driver.isAlive(), "the run ended before it could be stopped: " + log("driver"));
            driver.destroy();

            assertTrue(driver.waitFor(60, TimeUnit.SECONDS), "still running 60 s after SIGTERM: " + log("driver"));
            assertEquals(Interruption.INTERRUPTED, driver.exitValue(), log("driver"));
            assertTrue(log("driver").contains("the journal closed; continue with: bgctl replay --resume " + run),
                    log("driver"));
            assertTrue(Files.readString(run.resolve("summary.json")).contains("\"interrupted\" : true"));
        } finally {
            for (Process p : processes) p.destroyForcibly();
            for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
        }
        assertResumesToTheUninterruptedOutputs(run, "jobs.csv");
    }

    /**
     * Driver and one member, the member at the lower address, killed mid-run: the Split Brain Resolver (keep-majority,
     * a tie) keeps the member's side and downs the driver, which says so in one line, exit 1, instead of "the clock
     * was stopped".
     */
    @Test
    @Timeout(240)
    void aDriverDownedByTheClusterSaysWhy() throws Exception {
        int[] ports = ClusterProcessesTest.twoFreePortsLowerFirst();
        int seed = ports[0];
        Path run = dir.resolve("downed");
        Process driver = memberKilledMidRun(run, seed, ports[1], 0, List.of(), "--journal", "memory");
        assertEquals(1, driver.exitValue(), log("driver"));
        assertTrue(log("driver").contains("bgctl replay: the cluster downed this driver, which had lost"
                + " akka://bgctl@127.0.0.1:" + seed), log("driver"));
        assertFalse(log("driver").contains("the clock was stopped"), log("driver"));
        assertFalse(Files.exists(run.resolve("jobs.csv")), "a stopped run wrote a schedule");
    }

    /**
     * The same with the H2 journal: the downed driver keeps its run directory, journal and run.json, says how to go
     * on, and the resume gives the outputs of one JVM. (The directory was removed, the journal with it.)
     */
    @Test
    @Timeout(180)
    void aDurableDriverDownedByTheClusterKeepsItsJournalAndResumes() throws Exception {
        int[] ports = ClusterProcessesTest.twoFreePortsLowerFirst();
        Path run = dir.resolve("downed");
        Process driver = memberKilledMidRun(run, ports[0], ports[1], 300, List.of("-Dbgctl.virtual-journal-group=64"));
        assertEquals(1, driver.exitValue(), log("driver"));
        List<String> said = log("driver").lines().toList();
        String last = said.get(said.size() - 1);
        assertTrue(last.startsWith("bgctl replay: the cluster downed this driver, which had lost") && last.endsWith(
                "; stopped, the journal closed; continue in one JVM with: bgctl replay --resume " + run), last);
        assertTrue(RunRecord.exists(run) && JournalLocation.exists(run), "the journal or run.json removed");
        assertResumesToTheUninterruptedOutputs(run, "jobs.csv", "schedule.swf");
    }

    /**
     * Driver (H2 journal) and one member, the member at the higher address, killed (SIGKILL) mid-run: the cluster
     * keeps the driver's side and removes the member, and the driver stops with one line naming the member and the
     * --resume command, exit 1, its run directory, journal and run.json kept as a killed or interrupted run's are; the
     * resume gives the jobs.csv and schedule.swf of an uninterrupted run in one JVM. (The run directory was removed,
     * the journal with it, and the line was logged as an error just before it as well.) The driver journals in groups
     * of 64 events, not 4096 (the whole run), so that the loss finds part of the run journaled.
     */
    @Test
    @Timeout(180)
    void aDurableReplayThatLosesItsMemberKeepsItsJournalAndResumesToTheUninterruptedOutputs() throws Exception {
        int[] ports = ClusterProcessesTest.twoFreePortsLowerFirst();
        int seed = ports[1];
        Path run = dir.resolve("lost");
        Process driver = memberKilledMidRun(run, seed, ports[0], 500, List.of("-Dbgctl.virtual-journal-group=64"));
        assertEquals(1, driver.exitValue(), log("driver"));
        String line = "bgctl replay: member akka://bgctl@127.0.0.1:" + seed + " was lost mid-run: its agents restart"
                + " empty on the other members and the messages in flight to them are lost, so this replay could no"
                + " longer give the schedule of one JVM; stopped, the journal closed; continue in one JVM with: bgctl"
                + " replay --resume " + run;
        List<String> said = log("driver").lines().toList();
        assertEquals(List.of(line), said.stream().filter(l -> l.contains("was lost mid-run")).toList(), log("driver"));
        assertEquals(line, said.get(said.size() - 1), log("driver"));
        assertTrue(said.stream().noneMatch(l -> l.contains(" ERROR ")), log("driver"));

        assertTrue(RunRecord.exists(run), "run.json removed");
        assertTrue(JournalLocation.exists(run), "the journal removed");
        assertFalse(Files.exists(run.resolve("jobs.csv")), "a stopped run wrote a schedule");
        CliRun verify = CliRun.of("inspect", "--run", run.toString(), "--verify");
        assertEquals(0, verify.exit(), verify.toString());
        Matcher entries = ENTRIES.matcher(verify.out());
        assertTrue(entries.find() && Integer.parseInt(entries.group(1)) > 0, "nothing journaled: " + verify);
        assertResumesToTheUninterruptedOutputs(run, "jobs.csv", "schedule.swf");
    }

    /**
     * Driver (H2 journal) and one member hosting the one agent of a flat machine, the member stopped with SIGTERM
     * mid-run: it leaves the cluster at once and its agent restarts empty on the driver, so the driver stops as for a
     * member lost, naming the member that left, exit 1, its journal kept; the resume gives the outputs of one JVM.
     * (The driver went on with the agent restarted empty, its commits and releases refused, and ended with exit 0,
     * heard of the member only once it was removed, after the run.)
     */
    @Test
    @Timeout(180)
    void aDurableReplayWhoseMemberLeavesStopsAndResumesToTheUninterruptedOutputs() throws Exception {
        int[] ports = ClusterProcessesTest.twoFreePortsLowerFirst();
        int seed = ports[1];
        Path run = dir.resolve("left");
        Process driver = memberStoppedMidRun("flat:128", "easy", Process::destroy, run, seed, ports[0], 300,
                List.of("-Dbgctl.virtual-journal-group=64"));
        assertEquals(1, driver.exitValue(), log("driver"));
        List<String> said = log("driver").lines().toList();
        assertEquals("bgctl replay: member akka://bgctl@127.0.0.1:" + seed + " left mid-run: its agents restart empty"
                + " on the other members and the messages in flight to them are lost, so this replay could no longer"
                + " give the schedule of one JVM; stopped, the journal closed; continue in one JVM with: bgctl replay"
                + " --resume " + run, said.get(said.size() - 1), log("driver"));
        assertTrue(RunRecord.exists(run) && JournalLocation.exists(run), "the journal or run.json removed");
        assertResumesToTheUninterruptedOutputs(run, replayArgs(dir.resolve("single"), "flat:128", "easy"),
                "jobs.csv", "schedule.swf");
    }

    /**
     * SIGTERM to a live server's driver: it leaves the cluster at once (Akka's JVM shutdown hook once closed its
     * remoting first, so leaving timed out after 10 s and the member had to find it unreachable and down it).
     */
    @Test
    @Timeout(240)
    void aLiveDriverStoppedLeavesTheClusterGracefully() throws Exception {
        int seed = ClusterProcessesTest.freePort();
        int http = ClusterProcessesTest.freePort();
        List<Process> processes = new ArrayList<>();
        try {
            processes.add(member(seed));
            Process driver = start("server", List.of("serve", "--machine", MACHINE, "--speed", "60", "--run",
                    dir.resolve("live").toString(), "--port", Integer.toString(http), "--cluster", "--cluster-port",
                    Integer.toString(ClusterProcessesTest.freePort()), "--seed-nodes", "127.0.0.1:" + seed,
                    "--members", "2"));
            processes.add(driver);
            awaitLine("server", "listening on", driver);
            driver.destroy();

            assertTrue(driver.waitFor(60, TimeUnit.SECONDS), "still running 60 s after SIGTERM: " + log("server"));
            assertTrue(log("server").contains("bgctl serve: stopped"), log("server"));
            assertFalse(log("server").contains("timed out"), log("server"));
            assertFalse(log("server").contains("UNREACHABLE"), log("server"));
        } finally {
            for (Process p : processes) p.destroyForcibly();
            for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /**
     * SIGINT (SIGTERM where the test runs with SIGINT ignored) to a member: it leaves the cluster and says so in one
     * line, and that it keeps nothing to resume. Before, it ended without a word.
     */
    @Test
    @Timeout(120)
    void aMemberStoppedSaysItLeftTheCluster() throws Exception {
        Process member = member(ClusterProcessesTest.freePort());
        try {
            awaitLine("node", "hosts agents of", member);
            String signal = ReplayResumeTest.interruptSignal(member);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(member.pid())).start().waitFor());
            assertTrue(member.waitFor(60, TimeUnit.SECONDS), "still running 60 s after SIG" + signal + ": " + log("node"));
            assertEquals(signal.equals("INT") ? 130 : 143, member.exitValue(), log("node"));
            List<String> said = log("node").lines().filter(l -> l.contains(": stopped")).toList();
            assertEquals(1, said.size(), log("node"));
            assertTrue(said.get(0).endsWith(": stopped, it left the cluster and its agents moved to the other members"
                    + " (a member keeps nothing to resume)"), said.get(0));
        } finally {
            member.destroyForcibly();
            member.waitFor(20, TimeUnit.SECONDS);
        }
    }

    private static List<String> replayArgs(Path out) {
        return replayArgs(out, MACHINE, "pfcfs");
    }

    private static List<String> replayArgs(Path out, String machine, String scheduler) {
        return new ArrayList<>(List.of("replay", "--trace", TRACE.toString(), "--machine", machine, "--scheduler",
                scheduler, "--out", out.toString(), "--quiet"));
    }

    /** --resume {@code run}, then the same replay uninterrupted in one JVM: the {@code outputs} are byte for byte its. */
    private void assertResumesToTheUninterruptedOutputs(Path run, String... outputs) throws IOException {
        assertResumesToTheUninterruptedOutputs(run, replayArgs(dir.resolve("single")), outputs);
    }

    /** The same, the run in one JVM being the replay {@code single}, its --out the test directory's "single". */
    private void assertResumesToTheUninterruptedOutputs(Path run, List<String> single, String... outputs)
            throws IOException {
        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.toString());
        CliRun one = CliRun.of(single.toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());
        for (String output : outputs)
            assertArrayEquals(Files.readAllBytes(dir.resolve("single").resolve(output)),
                    Files.readAllBytes(run.resolve(output)),
                    "the resumed cluster run gave another " + output);
    }

    /**
     * The member at {@code memberPort} and the driver of a replay into {@code run} at {@code driverPort} (with
     * {@code jvm} and {@code options}); the member killed (SIGKILL) {@code afterMs} after the driver's clock starts, the
     * run still going: answers the driver, once ended.
     */
    private Process memberKilledMidRun(Path run, int memberPort, int driverPort, long afterMs, List<String> jvm,
                                       String... options) throws Exception {
        return memberStoppedMidRun(MACHINE, "pfcfs", Process::destroyForcibly, run, memberPort, driverPort, afterMs, jvm,
                options);
    }

    /**
     * {@link #memberKilledMidRun} on {@code machine} with {@code scheduler}, the member stopped by {@code stop}
     * (SIGKILL, or SIGTERM with {@link Process#destroy}).
     */
    private Process memberStoppedMidRun(String machine, String scheduler, Consumer<Process> stop, Path run,
                                        int memberPort, int driverPort, long afterMs, List<String> jvm,
                                        String... options) throws Exception {
        List<Process> processes = new ArrayList<>();
        try {
            Process member = member(memberPort, machine);
            processes.add(member);
            Process driver = driver(run, machine, scheduler, driverPort, memberPort, jvm, options);
            processes.add(driver);
            awaitLine("driver", "the clock starts", driver);
            Thread.sleep(afterMs);
            assertTrue(driver.isAlive(), "the run ended before its member could be stopped: " + log("driver"));
            stop.accept(member);
            assertTrue(driver.waitFor(120, TimeUnit.SECONDS), "the driver did not finish: " + log("driver"));
            return driver;
        } finally {
            for (Process p : processes) p.destroyForcibly();
            for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /** The member, "node", at {@code port}, its own seed: it forms the cluster. */
    private Process member(int port) throws IOException {
        return member(port, MACHINE);
    }

    private Process member(int port, String machine) throws IOException {
        return start("node", List.of(), List.of("node", "--machine", machine, "--port", Integer.toString(port),
                "--seed-nodes", "127.0.0.1:" + port));
    }

    /** The "driver" of a replay into {@code run} at {@code port}, joining the member at {@code seed}. */
    private Process driver(Path run, int port, int seed, List<String> jvm, String... options) throws IOException {
        return driver(run, MACHINE, "pfcfs", port, seed, jvm, options);
    }

    private Process driver(Path run, String machine, String scheduler, int port, int seed, List<String> jvm,
                           String... options) throws IOException {
        List<String> args = replayArgs(run, machine, scheduler);
        args.addAll(List.of(options));
        args.addAll(List.of("--cluster", "--members", "2", "--cluster-port", Integer.toString(port), "--seed-nodes",
                "127.0.0.1:" + seed));
        return start("driver", jvm, args);
    }

    private Process start(String name, List<String> args) throws IOException {
        return start(name, List.of(), args);
    }

    /** A bgctl JVM with {@code jvm} options, its standard output and error to NAME.log. */
    private Process start(String name, List<String> jvm, List<String> args) throws IOException {
        List<String> options = new ArrayList<>(List.of("-XX:+UseSerialGC",
                "-Dakka.cluster.split-brain-resolver.stable-after=3s"));
        options.addAll(jvm);
        List<String> command = ChildJvm.command("256m", options, ClusterProcessesTest.productionClassPath());
        command.addAll(args);
        return new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(dir.resolve(name + ".log").toFile()).start();
    }

    private void awaitLine(String name, String text, Process p) throws Exception {
        ClusterProcessesTest.awaitLine(dir.resolve(name + ".log"), text, p, 120);
    }

    private String log(String name) {
        return ClusterProcessesTest.read(dir.resolve(name + ".log"));
    }
}

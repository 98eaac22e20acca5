package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.typesafe.config.ConfigFactory;
import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.bgctl.journal.PostgresSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs on loopback — two {@code bgctl node} members and the {@code bgctl replay --cluster} driver — replay
 * a trace excerpt in virtual time with the PostgreSQL journal, for every protocol family: allocation (EASY),
 * migration (krevat-bm), gang scheduling (pfcfs, Suspend and Resume) on 128 supernode agents, and a node-set
 * machine (selective buddy). Each gives exactly the jobs.csv of one JVM, its journal passes the audit and its agents
 * the agent audit. The members of a machine serve every case on it, one driver after the other. A member killed
 * (SIGKILL) mid-run stops the run loudly: exit 1 and one line naming the member, never another schedule.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterProcessesTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf");
    /** 128 supernodes of one node each: the SDSC excerpt's sizes count supernodes, one agent each. */
    private static final String SUPERNODES = "supernode:4x4x8/1";
    private static final String JOBS = "300";
    private static final long RUN_LIMIT_S = 150;

    @TempDir
    Path dir;
    private final List<Process> members = new ArrayList<>();
    private final List<Integer> memberPorts = new ArrayList<>();
    private String membersMachine;
    private int seedPort;
    private boolean postgres;

    @BeforeAll
    void needsPostgres() {
        String unreachable = PostgresSettings.from(ConfigFactory.load()).unreachableReason();
        postgres = unreachable == null;
        assumeTrue(postgres, () -> "skipped: the cluster test journals in PostgreSQL and none is reachable ("
                + unreachable + ")");
        assertTrue(Files.isRegularFile(TRACE), TRACE.toAbsolutePath() + " missing");
        assertEquals(0, CliRun.of("db", "init").exit());
    }

    @AfterAll
    void stopMembers() throws InterruptedException {
        stop(members);
    }

    @Test
    @Order(1)
    void allocationOverThreeJvmsSchedulesAsOneJvm() throws Exception {
        Path run = assertSameScheduleOverThreeJvms("easy-supernodes", SUPERNODES, "easy");
        assertTrue(log("easy-supernodes").contains("3 members host agents"), log("easy-supernodes"));
        assertEquals(128, summary(run).path("run").path("agent_audit").path("agents").asInt());
    }

    @Test
    @Order(2)
    void migrationsOverThreeJvmsScheduleAsOneJvm() throws Exception {
        Path run = assertSameScheduleOverThreeJvms("krevat-supernodes", SUPERNODES, "krevat-bm");
        assertTrue(summary(run).path("migrations_successful").asInt() > 0, "no migration: " + summary(run));
    }

    @Test
    @Order(3)
    void gangSwitchesOverThreeJvmsScheduleAsOneJvm() throws Exception {
        Path run = assertSameScheduleOverThreeJvms("pfcfs-supernodes", SUPERNODES, "pfcfs");
        assertTrue(summary(run).path("preemptions_context_switches").asInt() > 0, "no context switch: " + summary(run));
    }

    @Test
    @Order(5)
    void aNodeSetMachineOverThreeJvmsSchedulesAsOneJvm() throws Exception {
        assertSameScheduleOverThreeJvms("buddy", "buddy:128", "selective-buddy");
    }

    @Test
    @Order(4)
    void aMemberKilledMidRunStopsTheRunLoudly() throws Exception {
        ensureMembers(SUPERNODES);
        Process victim = members.get(1);
        int victimPort = memberPorts.get(1);
        Path run = dir.resolve("killed");
        Process driver = driver("killed", run, SUPERNODES, "easy");
        awaitLine("killed", "the clock starts", driver);
        Thread.sleep(500);
        assertTrue(driver.isAlive(), "the run ended before a member could be killed: " + log("killed"));
        victim.destroyForcibly();

        assertTrue(driver.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS), "the driver did not finish: " + log("killed"));
        String out = log("killed");
        assertEquals(1, driver.exitValue(), out);
        assertTrue(out.contains("bgctl replay: member akka://bgctl@127.0.0.1:" + victimPort + " was lost mid-run"), out);
        assertFalse(Files.exists(run.resolve("jobs.csv")), "a stopped run wrote a schedule");
        stop(members);
    }

    /** Replays {@code scheduler} on {@code machine} in one JVM and over three; returns the cluster run's directory. */
    private Path assertSameScheduleOverThreeJvms(String name, String machine, String scheduler) throws Exception {
        Path single = dir.resolve(name + "-single");
        List<String> args = replayArgs(single, machine, scheduler, "memory");
        args.addAll(List.of("--executor", "direct"));
        CliRun one = CliRun.of(args.toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());

        ensureMembers(machine);
        Path run = dir.resolve(name);
        Process driver = driver(name, run, machine, scheduler);
        assertTrue(driver.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS), "the driver did not finish: " + log(name));
        assertEquals(0, driver.exitValue(), log(name));
        assertArrayEquals(Files.readAllBytes(single.resolve("jobs.csv")), Files.readAllBytes(run.resolve("jobs.csv")),
                name + ": another schedule over three JVMs");
        assertEquals(0, summary(run).path("run").path("agent_audit").path("mismatches").asInt(), summary(run).toString());
        CliRun audit = CliRun.of("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("clean"), audit.toString());
        return run;
    }

    /** Two members hosting agents of {@code machine}: those already up, unless they host another machine's. */
    private void ensureMembers(String machine) throws Exception {
        if (machine.equals(membersMachine) && members.stream().allMatch(Process::isAlive)) return;
        stop(members);
        membersMachine = machine;
        seedPort = freePort();
        memberPorts.clear();
        memberPorts.add(seedPort);
        memberPorts.add(freePort());
        members.add(member("node-a", machine, memberPorts.get(0)));
        members.add(member("node-b", machine, memberPorts.get(1)));
    }

    private Process member(String name, String machine, int port) throws IOException {
        return start(name + "-" + port, List.of(), List.of("node", "--machine", machine, "--port", Integer.toString(port),
                "--seed-nodes", "127.0.0.1:" + seedPort));
    }

    private Process driver(String name, Path run, String machine, String scheduler) throws IOException {
        List<String> args = replayArgs(run, machine, scheduler, "postgres");
        args.addAll(List.of("--cluster", "--members", "3", "--cluster-port", Integer.toString(freePort()),
                "--seed-nodes", "127.0.0.1:" + seedPort));
        return start(name, List.of(), args);
    }

    private static List<String> replayArgs(Path out, String machine, String scheduler, String journal) {
        return new ArrayList<>(List.of("replay", "--trace", TRACE.toString(), "--machine", machine,
                "--scheduler", scheduler, "--first", JOBS, "--journal", journal, "--out", out.toString(), "--quiet"));
    }

    /**
     * The test's class path without its test classes: the processes log as bgctl does (the cluster's membership at
     * INFO, from LogConfiguration), not as the tests' logback-test.xml has it.
     */
    static String productionClassPath() {
        return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .filter(entry -> !Path.of(entry).endsWith("test-classes"))
                .collect(Collectors.joining(File.pathSeparator));
    }

    private Process start(String name, List<String> jvm, List<String> args) throws IOException {
        List<String> options = new ArrayList<>(List.of("-XX:+UseSerialGC", "-Dakka.cluster.split-brain-resolver.stable-after=3s"));
        options.addAll(jvm);
        List<String> command = ChildJvm.command("256m", options, productionClassPath());
        command.addAll(args);
        Path log = dir.resolve(name + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private void awaitLine(String name, String text, Process p) throws Exception {
        awaitLine(dir.resolve(name + ".log"), text, p, RUN_LIMIT_S);
    }

    /** Waits until {@code log}, the output of {@code p}, holds {@code text}: fails if p ends or limitS pass first. */
    static void awaitLine(Path log, String text, Process p, long limitS) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(limitS);
        while (!read(log).contains(text)) {
            assertTrue(p.isAlive(), log.getFileName() + ": ended before '" + text + "': " + read(log));
            assertTrue(System.nanoTime() < deadline, log.getFileName() + ": never said '" + text + "': " + read(log));
            Thread.sleep(50);
        }
    }

    private String log(String name) {
        return read(dir.resolve(name + ".log"));
    }

    /** The text of a process's {@code log}, or why there is none. */
    static String read(Path log) {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static JsonNode summary(Path run) throws IOException {
        return new ObjectMapper().readTree(run.resolve("summary.json").toFile());
    }

    private static void stop(List<Process> processes) throws InterruptedException {
        for (Process p : processes) p.destroyForcibly();
        for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
        processes.clear();
    }

    /**
     * Two TCP ports free on this machine a moment ago, the lower first: of two members at them, the Split Brain
     * Resolver (keep-majority, a tie) keeps the one at the lower.
     */
    static int[] twoFreePortsLowerFirst() throws IOException {
        int a = freePort();
        int b = freePort();
        return new int[] {Math.min(a, b), Math.max(a, b)};
    }

    /** A TCP port free on this machine a moment ago. */
    static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}

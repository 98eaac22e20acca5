package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.typesafe.config.ConfigFactory;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.bgctl.journal.PostgresSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three JVMs on loopback — two {@code bgctl node} members and the {@code bgctl replay --cluster} driver —
 * replay a trace excerpt in virtual time with the PostgreSQL journal. Undisturbed, they schedule exactly
 * as one JVM does. With one member killed (SIGKILL) mid-run, its agents restart on the survivors and are
 * re-synchronised, and every job still runs once: none lost, none duplicated, and the journal passes the audit.
 */
class ClusterProcessesTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf");
    /** 128 supernodes of one node each: the SDSC excerpt's sizes count supernodes, one agent each. */
    private static final String MACHINE = "supernode:4x4x8/1";
    private static final String JOBS = "300";
    private static final long RUN_LIMIT_S = 150;

    private final List<Process> processes = new ArrayList<>();
    private Path dir;
    private int seedPort;

    @BeforeEach
    void needsPostgres(@TempDir Path dir) throws IOException {
        String unreachable = PostgresSettings.from(ConfigFactory.load()).unreachableReason();
        assumeTrue(unreachable == null, () -> "skipped: the cluster test journals in PostgreSQL and none is reachable ("
                + unreachable + ")");
        assertTrue(Files.isRegularFile(TRACE), TRACE.toAbsolutePath() + " missing");
        assertEquals(0, CliRun.of("db", "init").exit());
        this.dir = dir;
    }

    @AfterEach
    void stopMembers() throws InterruptedException {
        for (Process p : processes) p.destroyForcibly();
        for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
    }

    @Test
    void threeJvmsScheduleAsOneJvm() throws Exception {
        Path single = dir.resolve("single");
        CliRun one = CliRun.of(replayArgs(single, "memory").toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());

        startMembers();
        Path run = dir.resolve("cluster");
        Process driver = driver(run, List.of());
        assertTrue(driver.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS), "the driver did not finish: " + log("driver"));
        assertEquals(0, driver.exitValue(), log("driver"));
        assertTrue(log("driver").contains("3 members host agents"), log("driver"));

        assertArrayEquals(Files.readAllBytes(single.resolve("jobs.csv")), Files.readAllBytes(run.resolve("jobs.csv")));
        assertAuditPasses(run);
    }

    @Test
    void aMemberKilledMidRunLosesNoJobAndDuplicatesNone() throws Exception {
        Path single = dir.resolve("single");
        CliRun one = CliRun.of(replayArgs(single, "memory").toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());

        Process victim = startMembers();
        Path run = dir.resolve("cluster");
        Process driver = driver(run, List.of("-Dbgctl.scheduler.phase-timeout=1s"));
        awaitLine("driver", "the clock starts", driver);
        Thread.sleep(500);
        assertTrue(driver.isAlive(), "the run ended before a member could be killed: " + log("driver"));
        victim.destroyForcibly();

        assertTrue(driver.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS), "the driver did not finish: " + log("driver"));
        assertEquals(0, driver.exitValue(), log("driver"));
        String driverLog = log("driver");
        assertTrue(driverLog.contains("removed; its agents restart") && driverLog.contains("re-synchronising"),
                driverLog);

        Map<Long, String[]> expected = jobs(single);
        Map<Long, String[]> got = jobs(run);
        assertEquals(expected.keySet(), got.keySet(), "the same jobs, each once");
        List<String> header = List.of(Files.readAllLines(run.resolve("jobs.csv")).get(0).split(","));
        int start = header.indexOf("start_s");
        int end = header.indexOf("end_s");
        for (String[] job : got.values()) {
            assertTrue(Long.parseLong(job[start]) >= 0 && Long.parseLong(job[end]) >= Long.parseLong(job[start]),
                    "job " + job[0] + " ran: " + String.join(",", job));
        }
        assertAuditPasses(run);
    }

    /** Starts two members; returns the one that is not the seed. */
    private Process startMembers() throws IOException {
        seedPort = freePort();
        processes.add(member("node-a", seedPort));
        Process b = member("node-b", freePort());
        processes.add(b);
        return b;
    }

    private Process member(String name, int port) throws IOException {
        return start(name, List.of(), List.of("node", "--machine", MACHINE, "--port", Integer.toString(port),
                "--seed-nodes", "127.0.0.1:" + seedPort));
    }

    private Process driver(Path run, List<String> jvm) throws IOException {
        List<String> args = replayArgs(run, "postgres");
        args.addAll(List.of("--cluster", "--members", "3", "--port", Integer.toString(freePort()),
                "--seed-nodes", "127.0.0.1:" + seedPort));
        Process p = start("driver", jvm, args);
        processes.add(p);
        return p;
    }

    private static List<String> replayArgs(Path out, String journal) {
        return new ArrayList<>(List.of("replay", "--trace", TRACE.toString(), "--machine", MACHINE,
                "--scheduler", "easy", "--first", JOBS, "--journal", journal, "--out", out.toString(), "--quiet"));
    }

    private Process start(String name, List<String> jvm, List<String> args) throws IOException {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx256m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-Dlogback.configurationFile=logback.xml",
                "-Dakka.cluster.split-brain-resolver.stable-after=3s"));
        command.addAll(jvm);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Bgctl.class.getName()));
        command.addAll(args);
        Path log = dir.resolve(name + ".log");
        return new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    }

    private void awaitLine(String name, String text, Process p) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(RUN_LIMIT_S);
        while (!log(name).contains(text)) {
            assertTrue(p.isAlive(), name + " ended before '" + text + "': " + log(name));
            assertTrue(System.nanoTime() < deadline, name + " never said '" + text + "': " + log(name));
            Thread.sleep(100);
        }
    }

    private String log(String name) {
        try {
            return Files.readString(dir.resolve(name + ".log"), StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(no log: " + e.getMessage() + ")";
        }
    }

    private static void assertAuditPasses(Path run) {
        CliRun audit = CliRun.of("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.toString());
        assertTrue(audit.out().contains("clean"), audit.toString());
    }

    /** jobs.csv by job id; a job listed twice fails. */
    private static Map<Long, String[]> jobs(Path run) throws IOException {
        List<String> lines = Files.readAllLines(run.resolve("jobs.csv"));
        Map<Long, String[]> jobs = new TreeMap<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split(",", -1);
            assertEquals(null, jobs.put(Long.parseLong(f[0]), f), "job " + f[0] + " listed twice");
        }
        return jobs;
    }

    private static int freePort() throws IOException {
        try (ServerSocket s = new ServerSocket(0)) {
            return s.getLocalPort();
        }
    }
}

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
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * One {@code bgctl node} member of bgl on loopback, and {@code replay --cluster} drivers one after the other: a driver
 * given another machine is refused at once with one line naming both machines, exit 2 (it waited for its agents'
 * start to time out, 60 s); gang scheduling and a fault file over the two JVMs give the jobs.csv of one JVM; and a
 * successful cluster replay shows no warning on standard error (Akka's own aborts of its connections as the driver
 * stopped showed two); and a durable replay whose driver is killed mid-run resumes to the uninterrupted schedule.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ClusterMemberTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf");
    private static final Path FAULTS = Path.of("..", "config", "faults", "bgl-example.faults");
    private static final long RUN_LIMIT_S = 120;
    /** The first 200 jobs, the journal in memory: a short run. */
    private static final String[] EXCERPT = {"--first", "200", "--journal", "memory"};

    @TempDir
    static Path dir;
    private final List<Process> processes = new ArrayList<>();
    private int seed;

    @BeforeAll
    void startMember() throws IOException {
        seed = ClusterProcessesTest.freePort();
        start("member", List.of("node", "--machine", "bgl", "--port", Integer.toString(seed),
                "--seed-nodes", "127.0.0.1:" + seed));
    }

    @AfterAll
    void stopProcesses() throws InterruptedException {
        for (Process p : processes) p.destroyForcibly();
        for (Process p : processes) p.waitFor(20, TimeUnit.SECONDS);
    }

    @Test
    @Order(1)
    @Timeout(180)
    void aDriverOfAnotherMachineIsRefusedAtOnceNamingBothMachines() throws Exception {
        assertRefusedNamingBothMachines("replay", replayArgs(dir.resolve("other"), "supernode:4x4x8/1", "easy",
                EXCERPT));
    }

    /**
     * A live server's driver is refused as a replay's is, in one line (it said "java.lang.IllegalArgumentException:
     * member ...", exit 1).
     */
    @Test
    @Order(2)
    @Timeout(180)
    void aServerOfAnotherMachineIsRefusedAtOnceNamingBothMachines() throws Exception {
        assertRefusedNamingBothMachines("serve", new ArrayList<>(List.of("serve", "--machine", "supernode:4x4x8/1",
                "--speed", "60", "--run", dir.resolve("live").toString(), "--port",
                Integer.toString(ClusterProcessesTest.freePort()))));
    }

    /**
     * Runs {@code command} as a driver of supernode:4x4x8/1 beside the member of bgl; its agents' start would time out
     * only after 120 s here: the refusal must not wait for it.
     */
    private void assertRefusedNamingBothMachines(String command, List<String> args) throws Exception {
        args.addAll(driverOptions());
        Process driver = start(command, List.of("-Dbgctl.cluster.agents-start-timeout=120s"), args);
        assertTrue(driver.waitFor(90, TimeUnit.SECONDS), "still waiting: " + err(command));
        assertEquals(2, driver.exitValue(), err(command));
        List<String> said = lines(err(command));
        assertEquals(List.of("bgctl " + command + ": member akka://bgctl@127.0.0.1:" + seed + " hosts agents of bgl,"
                + " but this driver runs supernode:4x4x8/1: give every member --machine supernode:4x4x8/1",
                "see: bgctl " + command + " --help"), said.subList(Math.max(0, said.size() - 2), said.size()),
                err(command));
    }

    @Test
    @Order(3)
    @Timeout(240)
    void gangSchedulingOnBglOverTwoJvmsSchedulesAsOneJvmWithoutAWarning() throws Exception {
        assertSameScheduleOverTwoJvms("pfcfs", "pfcfs");
        assertTrue(lines(err("pfcfs")).stream().noneMatch(l -> l.contains(" WARN ") || l.contains(" ERROR ")),
                err("pfcfs"));
    }

    @Test
    @Order(4)
    @Timeout(240)
    void aFaultFileOverTwoJvmsSchedulesAsOneJvm() throws Exception {
        assertSameScheduleOverTwoJvms("faults", "easy", "--faults", FAULTS.toString());
        assertTrue(Files.readString(dir.resolve("faults").resolve("summary.json")).contains("\"kills\" : 1"));
    }

    /**
     * The driver of a durable cluster replay killed (SIGKILL) mid-run: nothing closed its H2 journal, and --resume,
     * in one JVM, gives the jobs.csv of the uninterrupted run (that of the fault file's test above).
     */
    @Test
    @Order(5)
    @Timeout(240)
    void aDurableReplayWhoseDriverIsKilledResumesToTheUninterruptedSchedule() throws Exception {
        Path run = dir.resolve("killed");
        List<String> args = replayArgs(run, "bgl", "easy", "--journal", "h2", "--faults", FAULTS.toString());
        args.addAll(driverOptions());
        Process driver = start("killed", List.of(), args);
        ClusterProcessesTest.awaitLine(dir.resolve("killed.err"), "the clock starts", driver, RUN_LIMIT_S);
        Thread.sleep(500);
        assertTrue(driver.isAlive(), "the run ended before it could be killed: " + err("killed"));
        driver.destroyForcibly();
        assertTrue(driver.waitFor(20, TimeUnit.SECONDS));
        assertFalse(Files.exists(run.resolve("jobs.csv")), "the killed run wrote its schedule");

        CliRun resumed = CliRun.of("replay", "--resume", run.toString(), "--quiet");
        assertEquals(0, resumed.exit(), resumed.toString());
        CliRun one = CliRun.of(replayArgs(dir.resolve("killed-single"), "bgl", "easy", "--journal", "memory",
                "--faults", FAULTS.toString()).toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());
        assertArrayEquals(Files.readAllBytes(dir.resolve("killed-single").resolve("jobs.csv")),
                Files.readAllBytes(run.resolve("jobs.csv")), "the resumed cluster run gave another schedule");
    }

    private void assertSameScheduleOverTwoJvms(String name, String scheduler, String... options) throws Exception {
        List<String> single = replayArgs(dir.resolve(name + "-single"), "bgl", scheduler, EXCERPT);
        single.addAll(List.of(options));
        CliRun one = CliRun.of(single.toArray(String[]::new));
        assertEquals(0, one.exit(), one.toString());

        List<String> args = replayArgs(dir.resolve(name), "bgl", scheduler, EXCERPT);
        args.addAll(List.of(options));
        args.addAll(driverOptions());
        Process driver = start(name, List.of(), args);
        assertTrue(driver.waitFor(RUN_LIMIT_S, TimeUnit.SECONDS), "the driver did not finish: " + err(name));
        assertEquals(0, driver.exitValue(), err(name));
        assertTrue(err(name).contains("2 members host agents"), err(name));
        assertArrayEquals(Files.readAllBytes(dir.resolve(name + "-single").resolve("jobs.csv")),
                Files.readAllBytes(dir.resolve(name).resolve("jobs.csv")), name + ": another schedule over two JVMs");
    }

    /** A driver's options: a free port, the member as seed node, and itself and the member as the members. */
    private List<String> driverOptions() throws IOException {
        return List.of("--cluster", "--members", "2", "--cluster-port",
                Integer.toString(ClusterProcessesTest.freePort()), "--seed-nodes", "127.0.0.1:" + seed);
    }

    /**
     * A replay of the SDSC excerpt with {@code options}, its sizes in units on bgl (on a machine of one-node units
     * --sizes-in units changes nothing and is refused).
     */
    private static List<String> replayArgs(Path out, String machine, String scheduler, String... options) {
        List<String> args = new ArrayList<>(List.of("replay", "--trace", TRACE.toString(), "--machine", machine,
                "--scheduler", scheduler, "--out", out.toString(), "--quiet"));
        if (machine.startsWith("bgl")) args.addAll(List.of("--sizes-in", "units"));
        args.addAll(List.of(options));
        return args;
    }

    private Process start(String name, List<String> args) throws IOException {
        return start(name, List.of(), args);
    }

    /** A bgctl JVM with {@code jvm} options, its standard output to NAME.out and its standard error to NAME.err. */
    private Process start(String name, List<String> jvm, List<String> args) throws IOException {
        List<String> options = new ArrayList<>(List.of("-XX:+UseSerialGC"));
        options.addAll(jvm);
        List<String> command = ChildJvm.command("256m", options, ClusterProcessesTest.productionClassPath());
        command.addAll(args);
        Process process = new ProcessBuilder(command).redirectOutput(dir.resolve(name + ".out").toFile())
                .redirectError(dir.resolve(name + ".err").toFile()).start();
        processes.add(process);
        return process;
    }

    private String err(String name) {
        return ClusterProcessesTest.read(dir.resolve(name + ".err"));
    }

    private static List<String> lines(String text) {
        return text.lines().toList();
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A cluster replay short of members waits for them without a timeout: it says so once on standard error, as serve
 * does, instead of showing nothing (or only "progress: 0%") forever; and a signal ends the wait.
 */
class ReplayWaitsForMembersTest {

    private static final String WAITING = "waiting for 2 member(s) to host agents";

    @TempDir
    Path dir;

    @Test
    @Timeout(100)
    void aReplayShortOfMembersSaysOnceThatItWaitsForThem() throws Exception {
        int port = ClusterProcessesTest.freePort();
        Process driver = start(port, "--journal", "memory");
        try {
            awaitWaiting(driver);
            Thread.sleep(3000); // several polls of the members
            assertTrue(driver.isAlive(), "the driver still waits: " + read(out()) + read(err()));
            List<String> said = new ArrayList<>(read(err()).lines().filter(l -> l.contains(WAITING)).toList());
            assertEquals(List.of("bgctl replay: joining the cluster at 127.0.0.1:" + port + "; " + WAITING), said,
                    read(err()));
            assertFalse(read(out()).contains(WAITING), "on standard error: " + read(out()));
        } finally {
            driver.destroyForcibly();
            driver.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /**
     * SIGTERM (as Ctrl-C) while a durable replay waits for its members ends it at once, interrupted before its first
     * instant, with the --resume command, as a replay interrupted later: the clock, which stops a run, had not started.
     */
    @Test
    @Timeout(100)
    void aDurableReplayStoppedWhileItWaitsForMembersEndsAtOnceAndCanBeResumed() throws Exception {
        Process driver = start(ClusterProcessesTest.freePort());
        try {
            awaitWaiting(driver);
            driver.destroy();
            assertTrue(driver.waitFor(30, TimeUnit.SECONDS), "still waiting 30 s after SIGTERM: " + read(err()));
            assertEquals(Interruption.INTERRUPTED, driver.exitValue(), read(out()) + read(err()));
            assertTrue(read(err()).contains("interrupted at 0 s of virtual time, the journal closed; continue with:"
                    + " bgctl replay --resume " + dir.resolve("run")), read(err()));
            assertTrue(Files.readString(dir.resolve("run").resolve("summary.json")).contains("\"interrupted\" : true"));
        } finally {
            driver.destroyForcibly();
            driver.waitFor(20, TimeUnit.SECONDS);
        }
    }

    /** A driver of the demo replay on the cluster at {@code port}, waiting for 2 members, with {@code options}. */
    private Process start(int port, String... options) throws IOException {
        List<String> command = ChildJvm.command("256m", List.of("-XX:+UseSerialGC"));
        command.addAll(List.of("replay", "--demo", "--quiet", "--out", dir.resolve("run").toString(), "--cluster",
                "--cluster-port", String.valueOf(port), "--members", "2"));
        command.addAll(List.of(options));
        return new ProcessBuilder(command).redirectOutput(out().toFile()).redirectError(err().toFile()).start();
    }

    private void awaitWaiting(Process driver) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!read(err()).contains(WAITING)) {
            assertTrue(driver.isAlive(), "the driver ended: " + read(out()) + read(err()));
            assertTrue(System.nanoTime() < deadline, "the driver never said it waits: " + read(err()));
            Thread.sleep(100);
        }
    }

    private Path out() {
        return dir.resolve("out.log");
    }

    private Path err() {
        return dir.resolve("err.log");
    }

    private static String read(Path file) {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return "(unreadable: " + e.getMessage() + ")";
        }
    }
}

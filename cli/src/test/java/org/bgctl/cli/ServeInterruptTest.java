package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * How {@code bgctl serve} ends on a signal, as a real process. Stopped once it listens, it says in one line the virtual
 * time it stopped at and how to continue, and started again on its run directory it resumes at that time. Stopped
 * while it starts (here: waiting for a cluster member that never comes), it says so in one line and exits 130. Before,
 * the first line said neither where nor how to continue, and the second case exited without a word.
 */
class ServeInterruptTest {

    private static final Pattern STOPPED = Pattern.compile(
            "bgctl serve: stopped at (\\d+) s of virtual time, the journal closed; continue with: bgctl serve --run (\\S+)"
                    + " \\(\\d+ timed events after the start-up's.*\\)");

    @TempDir
    Path dir;

    @Test
    void aStoppedServerSaysWhereItStoppedAndItsRestartResumesThere() throws Exception {
        Path run = dir.resolve("live");
        ServeProcess first = ServeProcess.start(run, "--machine", "flat:64", "--speed", "3600");
        String output;
        try {
            assertTrue(first.submit("{\"size\": 8, \"runtime\": 100000}") > 0);
            output = first.stop();
        } finally {
            first.kill();
        }
        List<String> said = output.lines().filter(l -> l.startsWith("bgctl serve: stopped")).toList();
        assertEquals(1, said.size(), output);
        Matcher m = STOPPED.matcher(said.get(0));
        assertTrue(m.matches(), said.get(0));
        assertEquals(run.toString(), m.group(2));
        assertTrue(Long.parseLong(m.group(1)) > 0, "the job's submission is an event after 0 s: " + said.get(0));

        ServeProcess second = ServeProcess.start(run);
        try {
            String again = second.stop();
            assertTrue(again.contains("(resumed from its journal at " + m.group(1) + " s)"), again);
        } finally {
            second.kill();
        }
    }

    @Test
    void aServerInterruptedWhileItStartsSaysSo() throws Exception {
        int seed = ClusterProcessesTest.freePort();
        Path log = dir.resolve("serve.log");
        List<String> command = ChildJvm.command("512m", List.of());
        command.addAll(List.of("serve", "--machine", "flat:64", "--run", dir.resolve("waiting").toString(), "--port",
                "0", "--cluster", "--cluster-port", Integer.toString(seed), "--seed-nodes", "127.0.0.1:" + seed,
                "--members", "2"));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            for (int i = 0; i < 6000 && !Files.readString(log).contains("waiting for 2 member(s)"); i++) {
                assertTrue(p.isAlive(), "serve ended before it waited for its members: " + Files.readString(log));
                Thread.sleep(5);
            }
            String signal = ReplayResumeTest.interruptSignal(p);
            assertEquals(0, new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid())).start().waitFor());
            assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the interrupted server did not exit");
            String output = Files.readString(log);
            assertEquals(signal.equals("INT") ? 130 : 143, p.exitValue(), output);
            List<String> said = output.lines().filter(l -> l.startsWith("bgctl serve: interrupted")).toList();
            assertEquals(1, said.size(), output);
            assertTrue(said.get(0).startsWith("bgctl serve: interrupted while starting, before it listened; start it"
                    + " again with the same command"), said.get(0));
            assertTrue(output.lines().noneMatch(l -> l.contains("ERROR") || l.contains("Exception")), output);
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }
}

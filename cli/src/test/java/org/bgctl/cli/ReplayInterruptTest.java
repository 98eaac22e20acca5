package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A replay as a real process, interrupted (SIGINT) early: while its command line is still being parsed — as soon as
 * bgctl's main method runs, known by the first thread it starts — and once its run directory exists, with its clock
 * under way. With a memory journal as with an H2 one it ends with exit 130 and one line saying it was interrupted, and
 * summary.json marked interrupted. Before, a replay with the memory journal (and one with any journal interrupted
 * before its run began) exited 130 without a word.
 */
class ReplayInterruptTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf").toAbsolutePath().normalize();
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final List<Process> children = new ArrayList<>();

    @AfterEach
    void stopChildren() throws InterruptedException {
        for (Process p : children) {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @Test
    void aReplayInterruptedWhileItsCommandLineIsParsedSaysSo() throws Exception {
        for (String journal : new String[] {"memory", "h2"}) {
            Path out = dir.resolve("parsing-" + journal);
            Process p = start(out, "--journal", journal);
            awaitMainRunning(p);
            String said = interrupt(p, out);
            if (journal.equals("h2")) assertTrue(said.contains("continue with: bgctl replay --resume " + out), said);
            else assertTrue(said.contains("a replay with the memory journal keeps nothing to resume from"), said);
        }
    }

    /** On the scaled clock (one virtual second a second) the run lasts days: the signal comes during it. */
    @Test
    void aReplayInterruptedOnceItsRunBeganSaysSo() throws Exception {
        for (String journal : new String[] {"memory", "h2"}) {
            Path out = dir.resolve("running-" + journal);
            Process p = start(out, "--journal", journal, "--speed", "1");
            for (int i = 0; i < 1200 && !Files.isDirectory(out); i++) {
                assertTrue(p.isAlive(), "the replay ended before it made its run directory: " + log(out));
                Thread.sleep(10);
            }
            interrupt(p, out);
        }
    }

    private Process start(Path out, String... options) throws IOException {
        List<String> command = ChildJvm.command("512m", List.of());
        command.addAll(List.of("replay", "--trace", TRACE.toString(), "--machine", "flat:128", "--out", out.toString()));
        command.addAll(List.of(options));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(logFile(out).toFile()).start();
        children.add(p);
        return p;
    }

    private static Path logFile(Path out) {
        return out.resolveSibling(out.getFileName() + ".log");
    }

    private static String log(Path out) throws IOException {
        return Files.readString(logFile(out));
    }

    /**
     * Waits until bgctl's main method runs: the replay's actor system starts on a thread of its own named bgctl-...,
     * after the interruption is installed and before the command line is parsed.
     */
    private static void awaitMainRunning(Process p) throws Exception {
        Path tasks = Path.of("/proc", Long.toString(p.pid()), "task");
        for (int i = 0; i < 6000; i++) {
            assertTrue(p.isAlive(), "the replay ended before its main method ran");
            try (Stream<Path> threads = Files.list(tasks)) {
                if (threads.anyMatch(ReplayInterruptTest::bgctlThread)) return;
            } catch (IOException gone) {
                // the process ended: said by the next check
            }
            Thread.sleep(5);
        }
        throw new AssertionError("no thread of bgctl after 30 s");
    }

    private static boolean bgctlThread(Path task) {
        try {
            return Files.readString(task.resolve("comm")).startsWith("bgctl-");
        } catch (IOException gone) {
            return false;
        }
    }

    /** Sends SIGINT; checks exit 130, the one line that says so and summary.json; answers that line. */
    private static String interrupt(Process p, Path out) throws Exception {
        Process signal = new ProcessBuilder("kill", "-" + ReplayResumeTest.interruptSignal(p), Long.toString(p.pid()))
                .start();
        assertEquals(0, signal.waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the interrupted replay did not exit");
        String output = log(out);
        assertEquals(Interruption.INTERRUPTED, p.exitValue(), output);
        List<String> said = output.lines().filter(l -> l.startsWith("bgctl replay: interrupted at ")).toList();
        assertEquals(1, said.size(), output);
        assertTrue(JSON.readTree(out.resolve("summary.json").toFile()).get("interrupted").asBoolean(), output);
        return said.get(0);
    }
}

package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * A sweep as a real process, interrupted (SIGINT, or SIGTERM where the test runs with SIGINT ignored) once its first
 * run is done: it ends with exit 130 and one line saying how many runs it finished and how to run the rest, and the
 * same sweep into the same --out then keeps those and gives the results.csv of an uninterrupted sweep. Before, an
 * interrupted sweep exited 130 without a word.
 */
class SweepInterruptTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "sdsc-sp2-excerpt.swf").toAbsolutePath().normalize();
    private static final int RUNS = 20;
    private static final Pattern SAID = Pattern.compile(
            "bgctl sweep: interrupted with (\\d+) of " + RUNS + " runs finished, kept in (.*); run the same sweep into"
                    + " the same --out to run the other (\\d+) \\(the finished ones are kept\\)");

    @TempDir
    Path dir;

    @Test
    void anInterruptedSweepSaysHowManyRunsItFinishedAndTheSameSweepRunsTheRest() throws Exception {
        Path out = dir.resolve("interrupted");
        Path log = dir.resolve("sweep.log");
        List<String> command = ChildJvm.command("512m", List.of());
        command.addAll(sweep(out));
        Process p = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        try {
            interrupt(p, out, log);
        } finally {
            p.destroyForcibly();
            p.waitFor(30, TimeUnit.SECONDS);
        }
    }

    /** Interrupts the sweep {@code p} into {@code out} once its first run is done; checks it, then resumes it. */
    private void interrupt(Process p, Path out, Path log) throws Exception {
        for (int i = 0; i < 6000 && !Files.readString(log).contains("[1/" + RUNS + "]"); i++) {
            assertTrue(p.isAlive(), "the sweep ended before its first run was done: " + Files.readString(log));
            Thread.sleep(5);
        }
        Process signal = new ProcessBuilder("kill", "-" + ReplayResumeTest.interruptSignal(p), Long.toString(p.pid()))
                .start();
        assertEquals(0, signal.waitFor());
        assertTrue(p.waitFor(60, TimeUnit.SECONDS), "the interrupted sweep did not exit");
        String output = Files.readString(log);
        assertEquals(Interruption.INTERRUPTED, p.exitValue(), output);
        List<String> said = output.lines().filter(l -> l.startsWith("bgctl sweep: interrupted")).toList();
        assertEquals(1, said.size(), output);
        Matcher m = SAID.matcher(said.get(0));
        assertTrue(m.matches(), said.get(0));
        int finished = Integer.parseInt(m.group(1));
        assertTrue(finished >= 1 && finished < RUNS, said.get(0));
        assertEquals(out.toString(), m.group(2));
        assertEquals(RUNS - finished, Integer.parseInt(m.group(3)));
        assertTrue(output.lines().noneMatch(l -> l.contains("ERROR") || l.contains("Exception")), output);

        StringWriter again = new StringWriter();
        assertEquals(0, inProcess(sweep(out), again));
        assertTrue(again.toString().contains(finished + " finished earlier"), again.toString());
        Path uninterrupted = dir.resolve("uninterrupted");
        assertEquals(0, inProcess(sweep(uninterrupted), new StringWriter()));
        assertArrayEquals(Files.readAllBytes(uninterrupted.resolve("results.csv")),
                Files.readAllBytes(out.resolve("results.csv")));
    }

    private static List<String> sweep(Path out) {
        return new ArrayList<>(List.of("sweep", "--out", out.toString(), "--set", "trace=" + TRACE, "--set",
                "machine=flat:128", "--axis", "runtime_coefficient=0.5:1.45:0.05", "--parallel", "1"));
    }

    private static int inProcess(List<String> args, StringWriter stdout) {
        CommandLine cli = Bgctl.commandLine();
        cli.setOut(new PrintWriter(stdout, true));
        cli.setErr(new PrintWriter(new StringWriter(), true));
        return cli.execute(args.toArray(new String[0]));
    }
}

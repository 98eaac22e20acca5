package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code bgctl replay} as a real process, its actor system started before its command line is parsed, writes what the
 * same replay with nothing started ahead writes (its options in an argument file, whose words are not read ahead):
 * the same jobs.csv, schedule.swf and summary.json outside {@code run}, and, with an H2 journal, a journal in its run
 * directory that {@code inspect --verify} passes. A bad trace still ends with exit 2 and leaves no run directory.
 */
class ReplayAheadProcessTest {

    private static final Path TRACE = Path.of("..", "control-plane", "src", "test", "resources", "traces",
            "nasa-ipsc-excerpt.swf").toAbsolutePath().normalize();

    private record Outcome(int exit, String output) {
    }

    private static Outcome bgctl(Path work, String... args) throws Exception {
        List<String> command = ChildJvm.command("256m", List.of());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        return new Outcome(p.exitValue(), output);
    }

    private static String summaryOutsideRun(Path run) throws Exception {
        String json = Files.readString(run.resolve("summary.json"));
        return json.substring(0, json.indexOf("\"run\""));
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "memory"})
    void aReplayOnTheSystemStartedAheadWritesWhatOneWithoutWrites(String journal, @TempDir Path work) throws Exception {
        List<String> options = List.of("--trace", TRACE.toString(), "--machine", "flat:128", "--first", "400",
                "--journal", journal, "--quiet");
        assertEquals(Optional.of(journal), ReplayAhead.journal(args("replay", options, "--out", "ahead"))
                .map(k -> k.name().toLowerCase()));
        Outcome ahead = bgctl(work, args("replay", options, "--out", "ahead"));
        assertEquals(0, ahead.exit(), ahead.output());
        Files.write(work.resolve("options.txt"), options);
        Outcome plain = bgctl(work, "replay", "@options.txt", "--out", "plain");
        assertEquals(0, plain.exit(), plain.output());

        for (String file : new String[] {"jobs.csv", "schedule.swf"})
            assertArrayEquals(Files.readAllBytes(work.resolve("plain").resolve(file)),
                    Files.readAllBytes(work.resolve("ahead").resolve(file)), file);
        assertEquals(summaryOutsideRun(work.resolve("plain")), summaryOutsideRun(work.resolve("ahead")));
        if (journal.equals("h2")) {
            assertTrue(Files.isRegularFile(work.resolve("ahead").resolve("journal.mv.db")));
            Outcome verified = bgctl(work, "inspect", "--run", "ahead", "--verify");
            assertEquals(0, verified.exit(), verified.output());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"h2", "memory"})
    void aBadTraceEndsWithExit2AndLeavesNoRunDirectory(String journal, @TempDir Path work)
            throws Exception {
        Files.writeString(work.resolve("t.swf"), CliRun.job(1, 0, 100, 4, 200) + "\n1 0 x\n");
        Outcome bad = bgctl(work, "replay", "--trace", "t.swf", "--machine", "flat:64", "--journal", journal,
                "--out", "run");
        assertEquals(2, bad.exit(), bad.output());
        assertTrue(bad.output().contains("t.swf line 2"), bad.output());
        assertTrue(Files.notExists(work.resolve("run")), bad.output());
    }

    private static String[] args(String command, List<String> options, String... more) {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(options);
        all.addAll(List.of(more));
        return all.toArray(String[]::new);
    }
}

package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A command that fails on its inputs leaves nothing behind: {@code bgctl} as a real process in an empty working
 * directory, its run directory the default {@code runs/NAME}; after the failure the working directory holds only
 * the input, however often it is tried. A run directory holding outputs is refused, untouched.
 */
class NoDebrisTest {

    @TempDir
    Path work;

    private record Outcome(int exit, String output) {
    }

    private Outcome bgctl(String... args) throws Exception {
        List<String> command = ChildJvm.command("256m", List.of());
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(work.toFile()).redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(p.waitFor(120, TimeUnit.SECONDS), output);
        return new Outcome(p.exitValue(), output);
    }

    /** The names in the working directory, sorted. */
    private List<String> left() throws Exception {
        try (Stream<Path> files = Files.list(work)) {
            return files.map(f -> f.getFileName().toString()).sorted().toList();
        }
    }

    /** Writes the bad input of {@code kind} into the working directory; answers its name. */
    private String input(String kind) throws Exception {
        String good = String.join("\n", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 100)) + "\n";
        switch (kind) {
            case "malformed" -> Files.writeString(work.resolve("t.swf"), good + "3 20 -1 abc 4 -1 -1 4 200 -1 1 -1 -1 -1 -1 -1 -1 -1\n");
            case "binary" -> {
                byte[] noise = new byte[4096];
                new Random(3).nextBytes(noise);
                Files.write(work.resolve("t.swf"), noise);
            }
            case "truncated" -> {
                StringBuilder lines = new StringBuilder(good);
                for (int i = 3; i < 3000; i++) lines.append(job(i, 10L * i, 50, 2, 100)).append('\n');
                ByteArrayOutputStream gz = new ByteArrayOutputStream();
                try (GZIPOutputStream out = new GZIPOutputStream(gz)) {
                    out.write(lines.toString().getBytes(StandardCharsets.UTF_8));
                }
                byte[] whole = gz.toByteArray();
                Files.write(work.resolve("t.swf.gz"), Arrays.copyOf(whole, whole.length - 200));
                return "t.swf.gz";
            }
            case "directory" -> Files.createDirectory(work.resolve("t.swf"));
            case "missing" -> {
                return "t.swf";
            }
            default -> throw new IllegalArgumentException(kind);
        }
        return "t.swf";
    }

    @ParameterizedTest
    @ValueSource(strings = {"malformed", "binary", "truncated", "directory", "missing"})
    void aReplayThatFailsOnItsTraceLeavesNothingBehind(String kind) throws Exception {
        String trace = input(kind);
        List<String> before = left();
        // a malformed line is found while the run goes on, its directory made: tried twice, nothing is numbered anew
        int attempts = kind.equals("malformed") ? 2 : 1;
        for (int attempt = 1; attempt <= attempts; attempt++) {
            Outcome o = bgctl("replay", "--trace", trace, "--machine", "flat:8", "--quiet");
            assertEquals(Bgctl.BAD_INPUT, o.exit(), o.output());
            assertEquals(before, left(), kind + ", attempt " + attempt + ": " + o.output());
        }
    }

    @Test
    void serveWithoutAMachineLeavesNothingBehind() throws Exception {
        Outcome o = bgctl("serve", "--port", "0");
        assertEquals(Bgctl.BAD_INPUT, o.exit(), o.output());
        assertTrue(o.output().startsWith("bgctl serve: --machine is required"), o.output());
        assertEquals(List.of(), left());
    }

    @Test
    void aMemoryRunDirectoryHoldingOutputsIsNeverOverwritten() throws Exception {
        String trace = String.join("\n", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 100)) + "\n";
        Files.writeString(work.resolve("t.swf"), trace);
        Outcome first = bgctl("replay", "--trace", "t.swf", "--journal", "memory", "--out", "mem", "--quiet");
        assertEquals(0, first.exit(), first.output());
        byte[] summary = Files.readAllBytes(work.resolve("mem/summary.json"));
        byte[] jobs = Files.readAllBytes(work.resolve("mem/jobs.csv"));
        Outcome second = bgctl("replay", "--trace", "t.swf", "--journal", "memory", "--out", "mem", "--quiet",
                "--scheduler", "fcfs");
        assertEquals(Bgctl.BAD_INPUT, second.exit(), second.output());
        assertEquals(2, second.output().lines().count(), second.output());
        assertTrue(second.output().startsWith("bgctl replay: --out mem already holds a run (summary.json, jobs.csv,"
                + " schedule.swf, report.html)"), second.output());
        assertTrue(Arrays.equals(summary, Files.readAllBytes(work.resolve("mem/summary.json"))));
        assertTrue(Arrays.equals(jobs, Files.readAllBytes(work.resolve("mem/jobs.csv"))));
    }
}

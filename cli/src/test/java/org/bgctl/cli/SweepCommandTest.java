package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SweepCommandTest {

    @TempDir
    Path dir;

    private Path trace;
    private Path out;
    private final StringWriter stdout = new StringWriter();
    private final StringWriter stderr = new StringWriter();

    @BeforeEach
    void trace() throws IOException {
        trace = dir.resolve("t.swf");
        // The CTC SP2 log's start time and zone, so that the sweep files' months name times of this trace.
        Files.write(trace, List.of("; MaxNodes: 16", "; UnixStartTime: 835823160", "; TimeZoneString: US/Eastern",
                "1 0 -1 100 4 -1 -1 4 200 -1 1 1 1 1 1 -1 -1 -1",
                "2 50 -1 300 2 -1 -1 2 600 -1 1 1 1 1 1 -1 -1 -1",
                "3 60 -1 30 16 -1 -1 16 60 -1 1 1 1 1 1 -1 -1 -1",
                "4 100 -1 25 8 -1 -1 8 50 -1 1 1 1 1 1 -1 -1 -1"), StandardCharsets.UTF_8);
        out = dir.resolve("sweep");
    }

    private int bgctl(String... args) {
        CommandLine cli = Bgctl.commandLine();
        cli.setOut(new PrintWriter(stdout, true));
        cli.setErr(new PrintWriter(stderr, true));
        return cli.execute(args);
    }

    private int sweep(String... more) {
        List<String> args = new ArrayList<>(List.of("sweep", "--out", out.toString(), "--set", "trace=" + trace,
                "--executor", "direct"));
        args.addAll(List.of(more));
        return bgctl(args.toArray(new String[0]));
    }

    @Test
    void aSweepWritesResultsAndPlots() throws IOException {
        assertEquals(0, sweep("--axis", "scheduler=fcfs,easy", "--axis", "runtime_coefficient=1:2:1", "--parallel", "2"),
                stderr.toString());
        assertTrue(stdout.toString().contains("bgctl sweep sweep: 4 runs, 4 done now, 0 finished earlier, 0 failed"),
                stdout.toString());
        assertTrue(stderr.toString().contains("run 3/4 done in "), stderr.toString());
        assertEquals(5, Files.readAllLines(out.resolve("results.csv")).size());
        assertTrue(Files.isRegularFile(out.resolve("plots/utilization-vs-runtime_coefficient.svg")));
        assertTrue(Files.isRegularFile(out.resolve("sweep.json")));

        assertEquals(0, sweep("--axis", "scheduler=fcfs,easy", "--axis", "runtime_coefficient=1:2:1"));
        assertTrue(stdout.toString().contains("4 runs, 0 done now, 4 finished earlier, 0 failed"), stdout.toString());
    }

    @Test
    void dryRunPrintsTheGridAndStartsNothing() {
        assertEquals(0, sweep("--axis", "scheduler=fcfs,easy", "--axis", "offered_load=0.5,1.0", "--dry-run"),
                stderr.toString());
        String printed = stdout.toString();
        assertTrue(printed.contains("sweep sweep: 4 runs = scheduler (2) × offered_load (2) into " + out), printed);
        assertTrue(printed.contains("runs/004-easy-1.0  to run    scheduler=easy offered_load=1.0 (arrival_scale "),
                printed);
        assertTrue(printed.contains("plot utilization-vs-offered_load: utilization against offered_load, series scheduler"),
                printed);
        assertFalse(Files.exists(out));
    }

    @Test
    void anotherSweepIntoTheSameOutIsRefusedOnOneLine() throws IOException {
        assertEquals(0, sweep("--axis", "scheduler=fcfs,easy"), stderr.toString());
        byte[] results = Files.readAllBytes(out.resolve("results.csv"));

        for (String dryRun : List.of("--quiet", "--dry-run")) {
            stderr.getBuffer().setLength(0);
            assertEquals(2, sweep("--axis", "runtime_coefficient=1,2", dryRun), stderr.toString());
            assertEquals(List.of("bgctl sweep: " + out + " holds the results of another sweep (axes: 'scheduler=fcfs,easy'"
                    + " there, 'runtime_coefficient=1,2' now); choose another --out or remove it (nothing was changed)",
                    "see: bgctl sweep --help"), stderr.toString().lines().toList());
        }
        assertArrayEquals(results, Files.readAllBytes(out.resolve("results.csv")));
        assertFalse(Files.exists(out.resolve("runs/001-1")));
    }

    @Test
    void anOutThatIsAFileIsRefusedAsReplayRefusesIt() throws IOException {
        Files.writeString(out, "notes");
        assertBadInput("bgctl sweep: --out " + out + " is a file, not a directory", "--axis", "scheduler=fcfs,easy");
        assertBadInput("bgctl sweep: --out " + out + " is a file, not a directory", "--dry-run");
        assertEquals("notes", Files.readString(out));
    }

    @Test
    void aFailedRunMakesTheExitCodeOne() throws IOException {
        Files.writeString(trace, "5 200 -1 oops 1 -1 -1 1 10 -1 1 1 1 1 1 -1 -1 -1\n",
                StandardOpenOption.APPEND);
        assertEquals(1, sweep("--axis", "lenient=true,false"));
        assertTrue(stderr.toString().contains("run 2/2 failed after "), stderr.toString());
        assertTrue(stdout.toString().contains("2 runs, 1 done now, 0 finished earlier, 1 failed"), stdout.toString());
    }

    @Test
    void badInputExitsTwoAndStartsNothing() {
        assertBadInput("1 of 2 runs cannot start (nothing was started): --axis 'scheduler=easy,sjf': scheduler = 'sjf':"
                + " unknown scheduler 'sjf'", "--axis", "scheduler=easy,sjf");
        assertBadInput("--axis 'machine=flat:x,flat:8': machine = 'flat:x': machine 'flat:x'", "--axis",
                "machine=flat:x,flat:8");
        assertBadInput("'0.7:1.4' is not a range: write START:STOP:STEP", "--axis", "runtime_coefficient=0.7:1.4");
        assertBadInput("unknown replay parameter 'speed'", "--set", "speed=2");
        assertBadInput("--set 'first_jobs': write PARAMETER=VALUE", "--set", "first_jobs");
        assertBadInput("sweep file " + dir.resolve("none.conf") + " does not exist", "--config",
                dir.resolve("none.conf").toString());
        assertBadInput("--parallel must be at least 1", "--parallel", "0");
        assertBadInput("--axis 'scheduler=easy': a second --axis of scheduler", "--axis", "scheduler=fcfs",
                "--axis", "scheduler=easy");
        assertBadInput("--axis 'scheduler=fcfs': scheduler is also fixed by --set 'scheduler=easy'", "--set", "scheduler=easy",
                "--axis", "scheduler=fcfs");
        assertFalse(Files.exists(out));
    }

    @Test
    void aBadValueInASweepFileIsToldOnOneLineByFileAndLine() throws IOException {
        Path file = Files.writeString(dir.resolve("bad.conf"), String.join("\n",
                "base {",
                "  machine = \"flot:16\"",
                "}",
                "axes = [ \"scheduler=fcfs,easy\", \"runtime_coefficient=1,x\" ]", ""));
        stderr.getBuffer().setLength(0);
        assertEquals(2, sweep("--config", file.toString()), stderr.toString());
        List<String> lines = stderr.toString().lines().toList();
        assertEquals(2, lines.size(), stderr.toString());
        assertTrue(lines.get(0).startsWith("bgctl sweep: 4 of 4 runs cannot start (nothing was started): " + file
                + " line 2: machine = 'flot:16': unknown machine 'flot:16'; known: "), lines.get(0));
        assertEquals("see: bgctl sweep --help", lines.get(1));

        Files.writeString(file, Files.readString(file).replace("flot:16", "flat:16"));
        stderr.getBuffer().setLength(0);
        assertEquals(2, sweep("--config", file.toString()), stderr.toString());
        assertEquals(List.of("bgctl sweep: 2 of 4 runs cannot start (nothing was started): " + file + " line 4:"
                + " runtime_coefficient = 'x': --runtime-coefficient 'x': not a number", "see: bgctl sweep --help"),
                stderr.toString().lines().toList());
        assertFalse(Files.exists(out));
    }

    @Test
    void aParameterSetTwiceIsRefusedNotLeftToTheLast() {
        assertBadInput("--set 'max_requeues=3': max_requeues is already set by --set 'max-requeues=2'; give it one value",
                "--set", "max-requeues=2", "--set", "max_requeues=3");
        assertBadInput("--executor direct: executor is already set by --set 'executor=actors'", "--set",
                "executor=actors");
        assertFalse(Files.exists(out));
    }

    @Test
    void theExampleExperimentsAreValidSweeps() throws IOException {
        Path experiments = Path.of("../config/experiments");
        List<Path> files;
        try (Stream<Path> listed = Files.list(experiments)) {
            files = listed.filter(f -> f.toString().endsWith(".conf")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        // block files are named from the repository root, where the experiments run; these tests run in cli/
        String layouts = Path.of("../config/layouts").toAbsolutePath().normalize() + "/";
        for (Path file : files) {
            stdout.getBuffer().setLength(0);
            Path config = file;
            String text = Files.readString(file);
            if (text.contains(":config/layouts/"))
                config = Files.writeString(dir.resolve(file.getFileName()), text.replace(":config/layouts/", ":" + layouts));
            assertEquals(0, bgctl("sweep", "--config", config.toString(), "--out", out.toString(), "--set",
                    "trace=" + trace, "--dry-run"), file + ": " + stderr);
        }
        stdout.getBuffer().setLength(0);
        bgctl("sweep", "--config", experiments.resolve("flat-load.conf").toString(), "--out", out.toString(),
                "--set", "trace=" + trace, "--dry-run");
        assertTrue(stdout.toString().contains("sweep flat-load: 24 runs = scheduler (3) × runtime_coefficient (8)"),
                stdout.toString());
    }

    @Test
    void replayAcceptsATargetOfferedLoad() {
        assertEquals(0, bgctl("replay", "--trace", trace.toString(), "--executor", "direct", "--journal", "memory",
                "--offered-load", "0.5", "--quiet", "--out", dir.resolve("run").toString()), stderr.toString());
        assertEquals(2, bgctl("replay", "--trace", trace.toString(), "--offered-load", "0.5", "--arrival-scale", "2",
                "--out", dir.resolve("run2").toString()));
        assertTrue(stderr.toString().contains("--offered-load and --arrival-scale both set"), stderr.toString());
    }

    private void assertBadInput(String expected, String... args) {
        stderr.getBuffer().setLength(0);
        assertEquals(2, sweep(args), stderr.toString());
        assertTrue(stderr.toString().contains(expected), stderr.toString());
    }
}

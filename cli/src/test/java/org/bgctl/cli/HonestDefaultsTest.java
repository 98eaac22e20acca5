package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.bgctl.cli.CliRun.trace;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Honest defaults: a direct replay refuses a durable journal it would not write, and a suspicious run completes with
 * one warning line on standard error that summary.json's {@code warnings} records too.
 */
class HonestDefaultsTest {

    @TempDir
    Path dir;

    private CliRun replay(Path out, String... options) {
        List<String> args = new ArrayList<>(List.of("replay", "--quiet", "--journal", "memory", "--out", out.toString()));
        args.addAll(List.of(options));
        return CliRun.of(args.toArray(String[]::new));
    }

    /** The run's warnings: each printed as one line, and the same in summary.json. */
    private static List<String> warnings(CliRun run, Path out) throws Exception {
        assertEquals(0, run.exit(), run.toString());
        List<String> printed = run.err().lines().filter(l -> l.startsWith("bgctl replay: warning: "))
                .map(l -> l.substring("bgctl replay: warning: ".length())).toList();
        JsonNode summary = new ObjectMapper().readTree(out.resolve("summary.json").toFile());
        List<String> recorded = new ArrayList<>();
        summary.get("warnings").forEach(w -> recorded.add(w.asText()));
        assertEquals(recorded, printed, run.toString());
        return recorded;
    }

    @Test
    void aDirectReplayRefusesAnExplicitDurableJournal() {
        Path out = dir.resolve("direct");
        CliRun run = CliRun.of("replay", "--demo", "--quiet", "--executor", "direct", "--journal", "h2", "--out",
                out.toString());
        assertEquals(Bgctl.BAD_INPUT, run.exit(), run.toString());
        assertEquals(List.of("bgctl replay: --executor direct runs the policies without the event-sourced scheduler and"
                + " writes no journal, so --journal h2 cannot be kept: leave out --journal, or use --executor actors",
                "see: bgctl replay --help"), run.err().lines().toList());
        assertFalse(Files.exists(out), "nothing left behind");
    }

    @Test
    void anOrdinaryRunHasNoWarnings() throws Exception {
        Path t = trace(dir, "t.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 100));
        Path out = dir.resolve("plain");
        assertEquals(List.of(), warnings(replay(out, "--trace", t.toString(), "--executor", "direct"), out));
    }

    @Test
    void anEmptyOrHeaderOnlyTraceIsWarnedOf() throws Exception {
        Path header = trace(dir, "header.swf", "; MaxNodes: 8");
        Path out = dir.resolve("header");
        assertEquals(List.of("header.swf has no job lines: nothing was scheduled"),
                warnings(replay(out, "--trace", header.toString(), "--machine", "flat:8"), out));
        Path empty = Files.writeString(dir.resolve("empty.swf"), "");
        out = dir.resolve("empty");
        assertEquals(List.of("empty.swf has no job lines: nothing was scheduled"),
                warnings(replay(out, "--trace", empty.toString(), "--machine", "flat:8", "--executor", "direct"), out));
    }

    @Test
    void sizesDividedButCountedInNodesOnAMidplaneMachineAreWarnedOf() throws Exception {
        Path t = trace(dir, "ctc.swf", "; MaxNodes: 512", job(1, 0, 100, 256, 200), job(2, 10, 50, 64, 100));
        Path out = dir.resolve("divided");
        assertEquals(List.of("--size-divide 4 with sizes counted in nodes on bgl, whose jobs take whole units of 512"
                        + " nodes: most jobs round up to one unit; add --sizes-in units if the divided sizes count units"),
                warnings(replay(out, "--trace", t.toString(), "--machine", "bgl", "--size-divide", "4",
                        "--executor", "direct"), out));
        out = dir.resolve("units");
        assertEquals(List.of(), warnings(replay(out, "--trace", t.toString(), "--machine", "bgl", "--size-divide", "4",
                "--sizes-in", "units", "--executor", "direct"), out));
    }

    @Test
    void aGainForCommunicationIntensiveJobsWhenNoneIsDrawnIsWarnedOf() throws Exception {
        Path t = trace(dir, "t.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 2, 100));
        Path out = dir.resolve("gain");
        assertEquals(List.of("--ci-gain 0.25 with no communication-intensive job (--ci-fraction 0): no run time changed;"
                        + " add --ci-fraction F to draw some"),
                warnings(replay(out, "--trace", t.toString(), "--machine", "buddy:8", "--scheduler", "buddy",
                        "--ci-gain", "0.25", "--executor", "direct"), out));
        out = dir.resolve("drawn");
        assertEquals(List.of(), warnings(replay(out, "--trace", t.toString(), "--machine", "buddy:8", "--scheduler",
                "buddy", "--ci-gain", "0.25", "--ci-fraction", "0.5", "--executor", "direct"), out));
    }

    @Test
    void mostJobsNeverStartedIsWarnedOf() throws Exception {
        // every job needs the whole machine of 8 midplanes (units), and one of them is down from the start for good
        Path t = trace(dir, "whole.swf", "; MaxNodes: 8", job(1, 0, 100, 8, 200), job(2, 10, 50, 8, 100),
                job(3, 20, 50, 1, 100));
        Path machine = Files.writeString(dir.resolve("m8.conf"), """
                name = m8
                midplanes = [8, 1, 1]
                nodes-per-midplane = [8, 8, 8]
                lines {
                  x = [{from: 0, out-port: 2, to: 1, in-port: 5}, {from: 1, out-port: 2, to: 2, in-port: 5},
                       {from: 2, out-port: 2, to: 3, in-port: 5}, {from: 3, out-port: 2, to: 4, in-port: 5},
                       {from: 4, out-port: 2, to: 5, in-port: 5}, {from: 5, out-port: 2, to: 6, in-port: 5},
                       {from: 6, out-port: 2, to: 7, in-port: 5}, {from: 7, out-port: 2, to: 0, in-port: 5}]
                  y = []
                  z = []
                }
                """);
        Path faults = Files.writeString(dir.resolve("down.faults"), "0 mp-R700 down\n");
        Path out = dir.resolve("never");
        assertEquals(List.of("2 of the 3 jobs submitted never started: they were left queued with nothing running or"
                        + " due to make room for them (too large for the machine's healthy part, or kept off by what is"
                        + " down or reserved; summary.json's end)"),
                warnings(replay(out, "--trace", t.toString(), "--machine", machine.toString(), "--sizes-in", "units",
                        "--faults", faults.toString(), "--executor", "direct"), out));
    }

    @Test
    void mostJobsNotStartedByTheEndGivenIsWarnedOfAsLoadOrAnEarlyEnd() throws Exception {
        // each job takes the whole machine for 100 s: by second 150 one has ended and one runs, the other three wait
        Path t = trace(dir, "busy.swf", "; MaxNodes: 8", job(1, 0, 100, 8, 100), job(2, 0, 100, 8, 100),
                job(3, 0, 100, 8, 100), job(4, 0, 100, 8, 100), job(5, 0, 100, 8, 100));
        Path out = dir.resolve("until");
        assertEquals(List.of("3 of the 5 jobs submitted never started: the run ended first (until): the machine could"
                        + " not keep up with this load, or the run ended early (see --offered-load, --arrival-scale,"
                        + " --until)"),
                warnings(replay(out, "--trace", t.toString(), "--machine", "flat:8", "--until", "150",
                        "--executor", "direct"), out));
    }
}

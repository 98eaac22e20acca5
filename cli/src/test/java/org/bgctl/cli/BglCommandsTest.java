package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** replay, inspect --audit and status --map on bgl through the command line, and the errors of bad input. */
class BglCommandsTest {

    @TempDir
    static Path dir;
    static Path trace;
    static Path run;
    static Result replay;

    /** What a command printed and returned. */
    record Result(int exit, String out, String err) {
    }

    static Result bgctl(String... args) {
        CommandLine cli = Bgctl.commandLine();
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int exit = cli.execute(args);
        return new Result(exit, out.toString(), err.toString());
    }

    /** Twelve jobs of 1 to 12 midplanes, a minute apart, each running an hour. */
    @BeforeAll
    static void replayATinyTraceOnBgl() throws Exception {
        List<String> lines = new ArrayList<>(List.of("; MaxNodes: 128"));
        for (int i = 1; i <= 12; i++) lines.add(i + " " + 60 * i + " 0 3600 " + i + " -1 -1 " + i + " 7200 -1 1 1 1 1 1 -1 -1 -1");
        trace = Files.write(dir.resolve("tiny.swf"), lines);
        run = dir.resolve("run");
        replay = bgctl("replay", "--trace", trace.toString(), "--machine", "bgl", "--sizes-in", "units", "--shapes", "slim",
                "--torus-probability", "1", "--out", run.toString(), "--quiet");
    }

    @Test
    void aTraceReplaysOnBgl() throws Exception {
        assertEquals(0, replay.exit(), replay.err());
        assertTrue(replay.out().contains("bgctl replay: tiny.swf on bgl with easy"), replay.out());
        String csv = Files.readString(run.resolve("jobs.csv"));
        assertTrue(csv.contains(",6x1x1,R"), csv);
        assertTrue(csv.contains(":torus:"), csv);
    }

    @Test
    void theAuditOfTheJournalIsClean() {
        Result audit = bgctl("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.err());
        assertTrue(audit.out().contains("on bgl: 36 events, 12 jobs started, 12 ended"), audit.out());
        assertTrue(audit.out().contains("clean:"), audit.out());
        assertTrue(audit.out().contains("wiring: 12 partitions checked against the machine file's cables and switch ports,"
                + " each claiming what it uses, its ports pairing into internal connections, none held twice nor"
                + " started on a down component"), audit.out());
    }

    @Test
    void anAuditOnTheWrongMachineListsViolationsAndFails() {
        Result audit = bgctl("inspect", "--run", run.toString(), "--audit", "--machine", "torus-bgl");
        assertEquals(1, audit.exit(), audit.out());
        assertTrue(audit.out().contains("violations:"), audit.out());
        assertTrue(audit.out().contains("starts on an allocation of another machine"), audit.out());
    }

    @Test
    void statusOnTheWrongMachineSaysTheJournalDoesNotFitItRatherThanShowingAnEmptyMachine() {
        Result status = bgctl("status", "--run", run.toString(), "--machine", "flat:8", "--at", "700");
        assertEquals(2, status.exit(), status.out());
        assertEquals("", status.out());
        String line = status.err().lines().findFirst().orElse("");
        assertTrue(line.startsWith("bgctl status: the journal of " + run + " does not replay on flat:8: "), line);
        assertTrue(line.endsWith("(bgctl inspect --run " + run + " --audit lists every one)"), line);
    }

    @Test
    void statusDrawsTheMidplanesAtATime() {
        Result status = bgctl("status", "--run", run.toString(), "--at", "700", "--map");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().startsWith("bgl at 700 s (0d 00:11:40)"), status.out());
        assertTrue(status.out().contains("     z=0        z=1        z=2        z=3"), status.out());
        assertTrue(status.out().contains("  A  job 1  R000:1x1x1:torus:x=-:y=-:z=-"), status.out());
    }

    @Test
    void statusCountsOneJobAndOneMidplaneInTheSingular() {
        // job 1 (one midplane) arrives at 60 and runs an hour; job 2 arrives at 120
        Result status = bgctl("status", "--run", run.toString(), "--at", "100");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().contains(": 1 job running, 0 queued; 512 of 65536 nodes in use (1 midplane); 0 components"
                + " down"), status.out());
    }

    @Test
    void statusWithoutATimeShowsTheBusiestInstantAndSaysSo() {
        // job i (i midplanes, a torus) arrives at 60 i and runs an hour: with switches shared port by port all twelve
        // fit, so the machine is busiest once job 12 has started
        Result status = bgctl("status", "--run", run.toString(), "--map");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().startsWith("bgl at 720 s (0d 00:12:00, the busiest instant) of " + run
                + ": 12 jobs running, 0 queued; 40448 of 65536 nodes in use (79 midplanes)"), status.out());
        for (String at : new String[] {"600", "719", "3660", "7200"}) {
            Result other = bgctl("status", "--run", run.toString(), "--at", at);
            long nodes = Long.parseLong(other.out().replaceAll("(?s).*; (\\d+) of 65536 nodes in use.*", "$1"));
            assertTrue(nodes < 40448, at + ": " + other.out());
        }
    }

    @Test
    void aNegativeTimeIsRefused() {
        Result status = bgctl("status", "--run", run.toString(), "--at", "-5");
        assertEquals(2, status.exit());
        assertEquals("bgctl status: --at must be 0 or more seconds, was -5", status.err().lines().findFirst().orElse(""));
    }

    @Test
    void badInputIsNamed() {
        Result deny = bgctl("replay", "--trace", trace.toString(), "--machine", "bgl,deny-passthrough=w",
                "--out", dir.resolve("bad").toString(), "--quiet");
        assertEquals(2, deny.exit());
        assertTrue(deny.err().contains("'w' in deny-passthrough=w is not a dimension"), deny.err());

        Result flat = bgctl("replay", "--trace", trace.toString(), "--machine", "flat:128", "--shapes", "slim",
                "--out", dir.resolve("flat").toString(), "--quiet");
        assertEquals(2, flat.exit());
        assertTrue(flat.err().contains("need a machine of midplanes such as bgl; flat:128 has none"), flat.err());

        Result unit = bgctl("replay", "--trace", trace.toString(), "--machine", "bgl", "--sizes-in", "racks",
                "--out", dir.resolve("unit").toString(), "--quiet");
        assertEquals(2, unit.exit());
        assertTrue(unit.err().contains("unknown size unit 'racks'; known: nodes, units"), unit.err());
    }
}

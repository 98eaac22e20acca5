package org.bgctl.cli;

import static org.bgctl.cli.BglCommandsTest.bgctl;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.cli.BglCommandsTest.Result;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** replay with booting blocks, its audit, jobs.csv and status --map through the command line, and bad boot options. */
class BootCommandsTest {

    @TempDir
    static Path dir;
    static Path trace;
    static Path run;
    static Result replay;

    /** Twelve jobs of 1 to 12 midplanes, a minute apart, each running an hour; each midplane fails 2% of boots. */
    @BeforeAll
    static void replayATinyTraceWithBoots() throws Exception {
        List<String> lines = new ArrayList<>(List.of("; MaxNodes: 128"));
        for (int i = 1; i <= 12; i++) lines.add(i + " " + 60 * i + " 0 3600 " + i + " -1 -1 " + i + " 7200 -1 1 1 1 1 1 -1 -1 -1");
        trace = Files.write(dir.resolve("tiny.swf"), lines);
        run = dir.resolve("run");
        replay = bgctl("replay", "--trace", trace.toString(), "--machine", "bgl", "--sizes-in", "units",
                "--boot-model", "machine", "--boot-failure", "0.02", "--out", run.toString(), "--quiet");
    }

    @Test
    void jobsCsvShowsEachJobsBootAndTheAuditIsClean() throws Exception {
        assertEquals(0, replay.exit(), replay.err());
        List<String> csv = Files.readAllLines(run.resolve("jobs.csv"));
        assertTrue(csv.get(0).endsWith(",boot_start_s,boot_end_s"), csv.get(0));
        // job 1: one midplane, submitted at 60 on an empty machine, boots for 120 + 6 s
        assertTrue(csv.get(1).startsWith("1,60,186,3786,"), csv.get(1));
        assertTrue(csv.get(1).endsWith(",60,186"), csv.get(1));
        Result audit = bgctl("inspect", "--run", run.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.out());
        assertTrue(audit.out().contains("clean:"), audit.out());
        Result verify = bgctl("inspect", "--run", run.toString(), "--verify");
        assertEquals(0, verify.exit(), verify.out());
    }

    @Test
    void statusShowsBootingBlocks() {
        Result status = bgctl("status", "--run", run.toString(), "--at", "100", "--map");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().contains("blocks: 1 booting, 0 being freed, 0 ready, 0 midplanes free after a failed boot"), status.out());
        assertTrue(status.out().contains("y=0  ~.......   ........"), status.out());
        assertTrue(status.out().contains("  A  job 1  R000:1x1x1:mesh:x=-:y=-:z=-  booting until 186 s (~)"), status.out());
        Result running = bgctl("status", "--run", run.toString(), "--at", "200", "--map");
        assertTrue(running.out().contains("y=0  A"), running.out());
        assertTrue(running.out().contains("  A  job 1  R000:1x1x1:mesh:x=-:y=-:z=-\n"), running.out());
        // job 1 runs until 186 + 3600; its block is freed a minute later
        Result freeing = bgctl("status", "--run", run.toString(), "--at", "3800", "--map");
        assertTrue(freeing.out().contains("y=0  -"), freeing.out());
        assertTrue(freeing.out().contains("blocks being freed (-)\n  job 1  R000:1x1x1:mesh:x=-:y=-:z=-  free at 3846 s\n"),
                freeing.out());
    }

    @Test
    void aReadyBlockIsDrawnAndReused() throws Exception {
        // two jobs of one midplane: job 1 runs from 186 to 3786 on R000, job 2 arrives at 4000 and reuses its block
        Path pair = Files.write(dir.resolve("pair.swf"), List.of("; MaxNodes: 128",
                "1 60 0 3600 1 -1 -1 1 7200 -1 1 1 1 1 1 -1 -1 -1",
                "2 4000 0 600 1 -1 -1 1 7200 -1 1 1 1 1 1 -1 -1 -1"));
        Path reused = dir.resolve("reused");
        Result r = bgctl("replay", "--trace", pair.toString(), "--machine", "bgl", "--sizes-in", "units",
                "--boot-model", "machine", "--reuse-blocks", "--out", reused.toString(), "--quiet");
        assertEquals(0, r.exit(), r.err());
        List<String> csv = Files.readAllLines(reused.resolve("jobs.csv"));
        assertTrue(csv.get(2).startsWith("2,4000,4000,4600,"), csv.get(2));
        assertTrue(csv.get(2).endsWith(",4000,4000"), "no boot: " + csv.get(2));
        assertTrue(Files.readString(reused.resolve("summary.json")).contains("\"reuses\" : 1"),
                Files.readString(reused.resolve("summary.json")));
        assertTrue(r.out().contains("  blocks.reuses              1\n"), "the summary printed: " + r.out());
        Result status = bgctl("status", "--run", reused.toString(), "--at", "3900", "--map");
        assertEquals(0, status.exit(), status.err());
        assertTrue(status.out().contains("blocks: 0 booting, 0 being freed, 1 ready, 0 midplanes free after a failed boot"),
                status.out());
        assertTrue(status.out().contains("y=0  +.......   ........"), status.out());
        assertTrue(status.out().contains("blocks ready for reuse (+)\n  after job 1  R000:1x1x1:mesh:x=-:y=-:z=-\n"),
                status.out());
        Result audit = bgctl("inspect", "--run", reused.toString(), "--audit");
        assertEquals(0, audit.exit(), audit.out());
        Result alone = bgctl("replay", "--trace", pair.toString(), "--machine", "bgl", "--reuse-blocks",
                "--out", dir.resolve("z").toString());
        assertEquals(2, alone.exit());
        assertEquals("bgctl replay: --reuse-blocks needs booting blocks: add --boot-model machine",
                alone.err().lines().findFirst().orElse(""), alone.err());
        assertTrue(!Files.exists(dir.resolve("z")), "nothing left behind");
    }

    @Test
    void badBootOptionsAreRefusedWithOneLine() {
        Result unknown = bgctl("replay", "--trace", trace.toString(), "--machine", "bgl", "--boot-model", "bgl",
                "--out", dir.resolve("x").toString());
        assertEquals(2, unknown.exit());
        assertTrue(unknown.err().lines().findFirst().orElse("").contains("unknown boot model 'bgl'; known: none, machine"),
                unknown.err());
        Result flat = bgctl("replay", "--trace", trace.toString(), "--machine", "flat:128", "--boot-model", "machine",
                "--out", dir.resolve("y").toString());
        assertEquals(2, flat.exit());
        assertTrue(flat.err().lines().findFirst().orElse("").contains("boots no blocks: only machines of midplanes do"),
                flat.err());
        assertTrue(!Files.exists(dir.resolve("y")), "nothing left behind");
    }
}

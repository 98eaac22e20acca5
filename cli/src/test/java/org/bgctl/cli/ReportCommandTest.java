package org.bgctl.cli;

import static org.bgctl.cli.CliRun.job;
import static org.bgctl.cli.CliRun.trace;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {

    @TempDir
    Path dir;

    @Test
    void aReplayWritesItsReportAndBgctlReportWritesTheSameAgain() throws Exception {
        Path t = trace(dir, "t.swf", "; MaxNodes: 8", job(1, 0, 100, 4, 200), job(2, 10, 50, 8, 100),
                job(3, 20, 30, 2, 100));
        Path out = dir.resolve("run");
        CliRun replay = CliRun.of("replay", "--trace", t.toString(), "--journal", "memory", "--quiet", "--out",
                out.toString());
        assertEquals(0, replay.exit(), replay.toString());
        assertTrue(replay.out().contains("report.html"), replay.out());
        byte[] written = Files.readAllBytes(out.resolve("report.html"));
        Files.delete(out.resolve("report.html"));
        CliRun report = CliRun.of("report", "--run", out.toString());
        assertEquals(0, report.exit(), report.toString());
        assertEquals("bgctl report: wrote " + out.resolve("report.html"), report.out().strip());
        assertArrayEquals(written, Files.readAllBytes(out.resolve("report.html")));
    }

    @Test
    void aDirectoryWithoutARunIsRefusedInOneLine() {
        CliRun run = CliRun.of("report", "--run", dir.toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().startsWith("bgctl report: " + dir + " holds no summary.json"), run.err());
        assertTrue(run.err().strip().lines().count() <= 2, run.err());
    }

    @Test
    void anEmptyRunPathIsRefusedAsSuch() {
        CliRun run = CliRun.of("report", "--run", "");
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().startsWith("bgctl report: --run is empty: give the run directory"), run.err());
    }
}

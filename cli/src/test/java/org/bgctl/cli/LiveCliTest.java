package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.bgctl.live.LiveServer;
import org.bgctl.live.ServeSpec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The CLI clients — submit, cancel, jobs, fault, status — against a real server on loopback. */
class LiveCliTest {

    @TempDir
    static Path dir;

    static LiveServer server;
    static String url;

    @BeforeAll
    static void start() throws Exception {
        server = LiveServer.start(new ServeSpec("bgl", "easy", 1, Optional.empty(), 0, dir.resolve("run"),
                "127.0.0.1", 0, Optional.of("tok")));
        url = "http://127.0.0.1:" + server.address().getPort();
    }

    @AfterAll
    static void stop() throws Exception {
        server.close();
    }

    private static long submitted(CliRun run) {
        Matcher m = Pattern.compile("job (\\d+) submitted at \\d+ s").matcher(run.out());
        assertTrue(m.find(), run.toString());
        return Long.parseLong(m.group(1));
    }

    @Test
    void submitListCancel() {
        long id = submitted(CliRun.of("submit", "--server", url, "--token", "tok", "--shape", "1x1x2", "--runtime", "36000"));
        CliRun jobs = CliRun.of("jobs", "--server", url, "--status", "running");
        assertEquals(0, jobs.exit(), jobs.toString());
        assertTrue(jobs.out().lines().anyMatch(l -> l.trim().startsWith(id + " ") && l.contains("1x1x2")), jobs.toString());
        CliRun cancel = CliRun.of("cancel", "--server", url, "--token", "tok", String.valueOf(id));
        assertEquals(0, cancel.exit(), cancel.toString());
        CliRun after = CliRun.of("jobs", "--server", url, "--status", "cancelled");
        assertTrue(after.out().lines().anyMatch(l -> l.trim().startsWith(id + " ")), after.toString());
    }

    @Test
    void faultAndStatusMap() {
        CliRun down = CliRun.of("fault", "--server", url, "--token", "tok", "mp-R701", "down");
        assertEquals(0, down.exit(), down.toString());
        CliRun status = CliRun.of("status", "--server", url, "--map");
        assertEquals(0, status.exit(), status.toString());
        assertTrue(status.out().contains("; 1 component down") && status.out().contains("#"), status.toString());
        assertEquals(0, CliRun.of("fault", "--server", url, "--token", "tok", "mp-R701", "up").exit());
    }

    @Test
    void aReservationKeepsJobsOffItsMidplanesAndStatusShowsIt() {
        CliRun reserve = CliRun.of("reserve", "--server", url, "--token", "tok", "0", "1000000000", "R000:2x2x2", "box");
        assertEquals(0, reserve.exit(), reserve.toString());
        assertTrue(reserve.out().contains("reservation box placed: reservation box [0, 1000000000) mp-R000,mp-R001,"
                + "mp-R010,mp-R011,mp-R100,mp-R101,mp-R110,mp-R111 4096 nodes"), reserve.toString());
        CliRun again = CliRun.of("reserve", "--server", url, "--token", "tok", "0", "10", "all", "box");
        assertEquals(Bgctl.BAD_INPUT, again.exit(), again.toString());
        assertTrue(again.err().contains("409") && again.err().contains("reservation 'box' exists already"),
                again.toString());
        long id = submitted(CliRun.of("submit", "--server", url, "--token", "tok", "--shape", "2x2x2", "--runtime",
                "36000"));
        CliRun jobs = CliRun.of("jobs", "--server", url, "--status", "running");
        String line = jobs.out().lines().filter(l -> l.trim().startsWith(id + " ")).findFirst().orElseThrow();
        assertTrue(line.contains("R") && !line.contains("R000:"), "placed off the reserved box: " + line);
        CliRun status = CliRun.of("status", "--server", url, "--map");
        assertTrue(status.out().contains("reservation box [0, 1000000000) mp-R000,") && status.out().contains(
                "4096 nodes (active)"), status.toString());
        assertEquals(0, CliRun.of("cancel", "--server", url, "--token", "tok", String.valueOf(id)).exit());
        CliRun cancel = CliRun.of("reserve", "--server", url, "--token", "tok", "--cancel", "box");
        assertEquals(0, cancel.exit(), cancel.toString());
        assertEquals("", CliRun.of("reserve", "--server", url).out());
        CliRun unknown = CliRun.of("reserve", "--server", url, "--token", "tok", "--cancel", "box");
        assertTrue(unknown.err().contains("409") && unknown.err().contains("no reservation 'box'"), unknown.toString());
        CliRun bad = CliRun.of("reserve", "--server", url, "--token", "tok", "0", "10", "64", "n");
        assertTrue(bad.err().contains("400") && bad.err().contains("what") && bad.err().contains("node count"),
                bad.toString());
    }

    @Test
    void aMissingTokenAndABadRequestExitWithTheServersReason() {
        CliRun noToken = CliRun.of("submit", "--server", url, "--size", "512", "--runtime", "10");
        assertEquals(Bgctl.BAD_INPUT, noToken.exit(), noToken.toString());
        assertTrue(noToken.err().contains("401"), noToken.toString());
        CliRun tooBig = CliRun.of("submit", "--server", url, "--token", "tok", "--size", "100000", "--runtime", "10");
        assertEquals(Bgctl.BAD_INPUT, tooBig.exit(), tooBig.toString());
        assertTrue(tooBig.err().contains("400") && tooBig.err().contains("size"), tooBig.toString());
        CliRun unknown = CliRun.of("fault", "--server", url, "--token", "tok", "mp-R999", "down");
        assertTrue(unknown.err().contains("400") && unknown.err().contains("component"), unknown.toString());
    }

    @Test
    void noServerIsAClearError() {
        CliRun run = CliRun.of("jobs", "--server", "http://127.0.0.1:1");
        assertEquals(Bgctl.BAD_INPUT, run.exit());
        assertTrue(run.err().startsWith("bgctl jobs: no bgctl server at http://127.0.0.1:1/: connection refused\n"), run.toString());
        assertEquals("", run.out(), "no table header without a server");
    }
}

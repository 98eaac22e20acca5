package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bgctl replay --reservations}: the SDSC excerpt on flat:128 under EASY with a maintenance window runs no
 * job inside it and reports the wait it cost; a bad line is exit 2 naming file, line and field.
 */
class ReservationOptionsTest {

    private static final String EXCERPT = "../control-plane/src/test/resources/traces/sdsc-sp2-excerpt.swf";

    @TempDir
    Path dir;

    @Test
    void easyRunsNoJobInAMaintenanceWindowAndTheSummaryShowsItsCost() throws Exception {
        Path windows = Files.write(dir.resolve("F"), List.of("900000 1000000 all maint"));
        Path out = dir.resolve("run");
        CliRun run = CliRun.of("replay", "--trace", EXCERPT, "--machine", "flat:128", "--scheduler", "easy",
                "--reservations", windows.toString(), "--journal", "memory", "--quiet", "--out", out.toString());
        assertEquals(0, run.exit(), run.toString());
        List<String> csv = Files.readAllLines(out.resolve("jobs.csv"));
        List<String> header = List.of(csv.get(0).split(","));
        for (String line : csv.subList(1, csv.size())) {
            String[] f = line.split(",", -1);
            long start = Long.parseLong(f[header.indexOf("start_s")]);
            long end = Long.parseLong(f[header.indexOf("end_s")]);
            assertTrue(end <= 900000 || start >= 1000000, line);
        }
        JsonNode r = new ObjectMapper().readTree(out.resolve("summary.json").toFile()).get("reservations");
        assertTrue(r.get("wait_caused_s").asDouble() > 0, r.toString());
        assertTrue(run.out().contains("reservations.wait_caused_s"), run.out());
    }

    @Test
    void statusOfARecordedRunListsItsReservationsAndMarksThoseUnderWay() throws Exception {
        Path windows = Files.write(dir.resolve("F"), List.of("900000 1000000 all maint",
                "1200000 1300000 R000:2x4x4 quarter"));
        Path out = dir.resolve("bgl");
        CliRun replay = CliRun.of("replay", "--trace", EXCERPT, "--first", "200", "--machine", "bgl", "--scheduler",
                "easy", "--reservations", windows.toString(), "--quiet", "--out", out.toString());
        assertEquals(0, replay.exit(), replay.toString());
        CliRun inMaint = CliRun.of("status", "--run", out.toString(), "--at", "950000");
        assertEquals(0, inMaint.exit(), inMaint.toString());
        assertTrue(inMaint.out().contains("reservation maint [900000, 1000000) all, 65536 nodes (active)"), inMaint.out());
        assertTrue(inMaint.out().contains("reservation quarter [1200000, 1300000) mp-R000,"), inMaint.out());
        assertFalse(inMaint.out().contains("16384 nodes (active)"), inMaint.out());
        CliRun inQuarter = CliRun.of("status", "--run", out.toString(), "--at", "1250000");
        assertTrue(inQuarter.out().contains("mp-R133 16384 nodes (active)"), inQuarter.out());
        CliRun map = CliRun.of("status", "--run", out.toString(), "--at", "1250000", "--map");
        assertTrue(map.out().contains("y=0  rr......   rr......   rr......   rr......"), map.out());
        assertTrue(map.out().contains("reserved (r when free)\n  quarter  32 midplanes"), map.out());
        // the file edited after the run: its windows are no longer those the run held
        Files.write(windows, List.of("900000 1000000 all maint"));
        CliRun edited = CliRun.of("status", "--run", out.toString(), "--at", "1250000");
        assertEquals(2, edited.exit(), edited.toString());
        assertEquals("", edited.out(), "nothing shown");
        assertTrue(edited.err().startsWith("bgctl status: the reservation file " + windows.toAbsolutePath()
                + " changed since the run started (its SHA-256 differs from run.json); the windows the run held cannot"
                + " be read from it (nothing was read)\n"), edited.err());
    }

    @Test
    void aBadLineIsExitTwoNamingFileLineAndFieldAndLeavesNothing() throws Exception {
        Path windows = Files.write(dir.resolve("F"), List.of("900000 1000000 all maint", "1000000 1100000 256"));
        Path out = dir.resolve("bad");
        CliRun run = CliRun.of("replay", "--trace", EXCERPT, "--machine", "flat:128", "--reservations",
                windows.toString(), "--quiet", "--out", out.toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains(windows + ":2: field 3 (what): 256 nodes; flat:128 has 128"), run.err());
        assertEquals(1, run.err().strip().lines().filter(l -> !l.startsWith("see:")).count(), run.err());
        assertFalse(Files.exists(out));
    }

    @Test
    void aPreemptiveSchedulerRefusesReservations() throws Exception {
        Path windows = Files.write(dir.resolve("F"), List.of("900000 1000000 all maint"));
        CliRun run = CliRun.of("replay", "--trace", EXCERPT, "--machine", "flat:128", "--scheduler", "pfcfs",
                "--reservations", windows.toString(), "--quiet", "--out", dir.resolve("p").toString());
        assertEquals(2, run.exit(), run.toString());
        assertTrue(run.err().contains("reservations: pfcfs suspends jobs"), run.err());
    }
}

package org.bgctl.reservations;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.Reservations;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Reservation files: each form of WHAT, and one line naming file, line and field for each kind of mistake. */
class ReservationFileTest {

    @TempDir
    Path dir;

    private Reservations read(String machine, String... lines) throws IOException {
        return ReservationFile.read(Files.write(dir.resolve("r.txt"), List.of(lines)), MachineCatalog.create(machine));
    }

    private String error(String machine, String... lines) {
        return assertThrows(IllegalArgumentException.class, () -> read(machine, lines)).getMessage();
    }

    @Test
    void allACountAListAndABox() throws IOException {
        Reservations flat = read("flat:128", "# comment", "", "2800000 2900000 all maint", "10 20 32");
        assertEquals(List.of(new Reservation("line-4", 10, 20, 32, List.of(), false),
                new Reservation("maint", 2800000, 2900000, 128, List.of(), true)), flat.windows());
        MachineModel bgl = MachineCatalog.create("bgl");
        Reservations mids = read("bgl", "0 10 mp-R001,mp-R000 pair", "5 15 R000:2x1x1 box", "0 1 all");
        assertEquals(List.of("mp-R000", "mp-R001"), mids.windows().get(1).units());
        assertEquals(1024, mids.windows().get(1).nodes());
        assertEquals(List.of("mp-R000", "mp-R100"), mids.windows().get(2).units());
        assertEquals(bgl.capacity(), mids.windows().get(0).nodes());
    }

    @Test
    void aByteOrderMarkAtTheStartAndCrlfLineEndsAreRead() throws IOException {
        Path f = Files.writeString(dir.resolve("r.txt"), "\uFEFF0 1000 all maint\r\n10 20 32\r\n");
        assertEquals(List.of(new Reservation("maint", 0, 1000, 128, List.of(), true),
                new Reservation("line-2", 10, 20, 32, List.of(), false)),
                ReservationFile.read(f, MachineCatalog.create("flat:128")).windows());
    }

    @Test
    void eachMistakeIsOneLineNamingFileLineAndField() {
        Path f = dir.resolve("r.txt");
        assertEquals(f + ":2: 2 fields, expected START END WHAT [NAME]", error("flat:8", "0 1 all", "5 6"));
        assertEquals(f + ":1: field 1 (start): 'soon' is not a whole number of seconds", error("flat:8", "soon 9 all"));
        assertEquals(f + ":1: field 2 (end): 5 is not after the start 9", error("flat:8", "9 5 all"));
        assertEquals(f + ":1: field 3 (what): 9 nodes; flat:8 has 8", error("flat:8", "0 5 9"));
        // a window of no node: it said "0 nodes; flat:8 has 8", as if 0 were too many
        assertEquals(f + ":1: field 3 (what): 0 nodes; a window reserves at least 1 node", error("flat:8", "0 5 0"));
        assertEquals(f + ":1: field 3 (what): 'mp-R000' is neither all nor a node count, which is what flat:8"
                + " reserves", error("flat:8", "0 5 mp-R000"));
        assertEquals(f + ":1: field 3 (what): bgl has no unit 'mp-R900' that holds nodes",
                error("bgl", "0 5 mp-R900"));
        // a box past the grid is named as given, with the dimension it overruns (before: "bgl has no unit 'mp-R800'")
        assertEquals(f + ":1: field 3 (what): the box R700:2x1x1 does not fit in the 8x4x4 midplanes of bgl: it reaches"
                + " x = 8, past 7", error("bgl", "0 5 R700:2x1x1"));
        assertEquals(f + ":1: field 3 (what): the box R000:2x5x1 does not fit in the 8x4x4 midplanes of bgl: it reaches"
                + " y = 4, past 3", error("bgl", "0 5 R000:2x5x1"));
        assertEquals(f + ":1: field 3 (what): 'R00:2x2' is not a box of midplanes R<x><y><z>:<a>x<b>x<c>, e.g."
                + " R000:2x2x2", error("bgl", "0 5 R00:2x2"));
        assertEquals(f + ":1: field 3 (what): a node count reserves nodes of a machine of interchangeable nodes; on"
                + " bgl name midplanes (mp-R000,mp-R100 or R000:2x2x2) or all", error("bgl", "0 5 512"));
        assertEquals(f + ":1: field 3 (what): a node count reserves nodes of a machine of interchangeable nodes; on"
                + " supernode:2x2x2/1 name units (sn-0.0.0,sn-1.0.0) or all", error("supernode:2x2x2/1", "0 5 1"));
        assertEquals(f + ":1: field 3 (what): a node count reserves nodes of a machine of interchangeable nodes; on"
                + " paragon-sdsc name units (ns-1,ns-2) or all", error("paragon-sdsc", "0 5 1"));
        assertEquals(f + ":2: reservation name 'a' is used twice", error("flat:8", "0 5 1 a", "6 9 1 a"));
        assertEquals(f + ":1: field 4 (name): 'a?b' is not a name: letters and digits, joined by - _ . : @ (it names the"
                + " window in DELETE /api/reservations/NAME)", error("flat:8", "0 5 1 a?b"));
    }
}

package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bgctl.machine.Dimension;
import org.bgctl.machine.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WiringTest {

    @TempDir
    Path dir;

    @Test
    void bglHasEightByFourByFourMidplanesOf512Nodes() {
        Wiring bgl = Wiring.loadResource("bgl");
        assertEquals("bgl", bgl.name());
        assertEquals(new Shape(8, 4, 4), bgl.midplanes());
        assertEquals(512, bgl.nodesPerMidplane().volume());
    }

    @Test
    void bglXLinesHaveTheMainRingAndSixSplitCables() {
        List<Cable> x = Wiring.loadResource("bgl").x().cables();
        assertEquals(14, x.size());
        for (int i = 0; i < 8; i++) assertTrue(x.contains(new Cable(i, 2, (i + 1) % 8, 5)), "main ring from " + i);
        int[][] splits = {{1, 0}, {5, 4}, {2, 7}, {3, 6}, {6, 3}, {7, 2}};
        for (int[] s : splits) assertTrue(x.contains(new Cable(s[0], 4, s[1], 3)), "split " + s[0] + "->" + s[1]);
    }

    @Test
    void bglYAndZLinesAreTheRingZeroOneThreeTwo() {
        Wiring bgl = Wiring.loadResource("bgl");
        List<Cable> ring = List.of(new Cable(0, 2, 1, 5), new Cable(1, 2, 3, 5),
                new Cable(3, 2, 2, 5), new Cable(2, 2, 0, 5));
        assertEquals(ring, bgl.line(Dimension.Y).cables());
        assertEquals(bgl.y(), bgl.z());
    }

    @Test
    void bglSlurmHasBglsXLinesAndYAndZRingsInLogicalOrder() {
        Wiring slurm = Wiring.loadResource("bgl-slurm");
        assertEquals(Wiring.loadResource("bgl").x(), slurm.x());
        List<Cable> ring = List.of(new Cable(0, 2, 1, 5), new Cable(1, 2, 2, 5),
                new Cable(2, 2, 3, 5), new Cable(3, 2, 0, 5));
        assertEquals(ring, slurm.line(Dimension.Y).cables());
        assertEquals(slurm.y(), slurm.z());
    }

    @Test
    void torusBglLinesArePlainRings() {
        Wiring torus = Wiring.loadResource("torus-bgl");
        assertEquals(new Shape(8, 4, 4), torus.midplanes());
        for (Dimension d : Dimension.values()) {
            LineWiring line = torus.line(d);
            assertEquals(line.length(), line.cables().size());
            for (int i = 0; i < line.length(); i++)
                assertEquals(new Cable(i, 2, (i + 1) % line.length(), 5), line.cables().get(i));
        }
    }

    @Test
    void theJarCarriesTheRepositoryMachineFiles() {
        for (String name : List.of("bgl", "bgl-slurm", "torus-bgl"))
            assertEquals(Wiring.load(Path.of("../config/machines", name + ".conf")), Wiring.loadResource(name));
    }

    @Test
    void aUserFileLoadsFromItsPath() throws IOException {
        Wiring tiny = Wiring.load(machineFile("""
                x = [{from: 0, out-port: 2, to: 1, in-port: 5}, {from: 1, out-port: 2, to: 0, in-port: 5}]
                """));
        assertEquals(new Shape(2, 1, 1), tiny.midplanes());
        assertEquals(List.of(new Cable(0, 2, 1, 5), new Cable(1, 2, 0, 5)), tiny.x().cables());
    }

    @Test
    void aPortUsedTwiceIsRejected() {
        String message = invalid("""
                x = [{from: 0, out-port: 2, to: 1, in-port: 5}, {from: 0, out-port: 2, to: 1, in-port: 3}]
                """);
        assertTrue(message.contains("x-lines: cable 1 {from: 0, out-port: 2, to: 1, in-port: 3}: "
                + "out-port 2 of switch 0 is already used by cable 0"), message);
    }

    @Test
    void aMidplaneIndexOutOfRangeIsRejected() {
        String message = invalid("x = [{from: 0, out-port: 2, to: 2, in-port: 5}]\n");
        assertTrue(message.contains("to 2 is out of range: midplanes are 0..1"), message);
    }

    @Test
    void aCableMustLeaveByAnOutPortAndEnterByAnInPort() {
        assertTrue(invalid("x = [{from: 0, out-port: 3, to: 1, in-port: 5}]\n").contains("out-port must be 2 or 4, not 3"));
        assertTrue(invalid("x = [{from: 0, out-port: 2, to: 1, in-port: 1}]\n").contains("in-port must be 3 or 5, not 1"));
    }

    @Test
    void aCableJoinsTwoSwitches() {
        assertTrue(invalid("x = [{from: 1, out-port: 2, to: 1, in-port: 5}]\n").contains("joins two different switches"));
    }

    @Test
    void errorsNameTheFile() throws IOException {
        Path file = machineFile("x = [{from: 0, out-port: 2, to: 5, in-port: 5}]\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Wiring.load(file));
        assertTrue(e.getMessage().contains(file.getFileName().toString()), e.getMessage());
    }

    @Test
    void aBadCableIsNamedByItsLine() throws IOException {
        Path file = machineFile("""
                x = [
                  {from: 0, out-port: 2, to: 1, in-port: 5}
                  {from: 1, out-port: 2, to: 2, in-port: 5}
                ]
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Wiring.load(file));
        assertEquals(file + ": 7: x-lines: cable 1 {from: 1, out-port: 2, to: 2, in-port: 5}: "
                + "to 2 is out of range: midplanes are 0..1", e.getMessage());
    }

    @Test
    void aMissingKeyNamesTheFile() throws IOException {
        Path file = dir.resolve("no-nodes.conf");
        Files.writeString(file, "name = broken\nmidplanes = [2, 1, 1]\nlines { x = [], y = [], z = [] }\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Wiring.load(file));
        assertEquals(file + ": No configuration setting found for key 'nodes-per-midplane'", e.getMessage());
    }

    @Test
    void aMissingKeyIsReported() throws IOException {
        Path file = dir.resolve("no-lines.conf");
        Files.writeString(file, "name = broken\nmidplanes = [2, 1, 1]\nnodes-per-midplane = [8, 8, 8]\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Wiring.load(file));
        assertTrue(e.getMessage().contains("lines"), e.getMessage());
    }

    @Test
    void aLineLongerThanTheTablesAllowIsRejected() throws IOException {
        Path file = dir.resolve("long.conf");
        Files.writeString(file, "name = long\nmidplanes = [9, 1, 1]\nnodes-per-midplane = [8, 8, 8]\n"
                + "lines { x = [], y = [], z = [] }\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Wiring.load(file));
        assertEquals(file + ": 2: x-lines: a line has 1 to 8 midplanes, not 9", e.getMessage());
    }

    @Test
    void aSizeOfOtherThanThreePositiveNumbersIsNamedByItsLine() throws IOException {
        Path file = dir.resolve("flat.conf");
        String machine = "name = flat\nmidplanes = MIDPLANES\nnodes-per-midplane = NODES\nlines { x = [], y = [], z = [] }\n";
        Files.writeString(file, machine.replace("MIDPLANES", "[2, 1]").replace("NODES", "[8, 8, 8]"));
        assertEquals(file + ": 2: midplanes needs 3 positive numbers (x, y, z), not [2, 1]",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
        Files.writeString(file, machine.replace("MIDPLANES", "[1, 1, 1]").replace("NODES", "[8, 8, 0]"));
        assertEquals(file + ": 3: nodes-per-midplane needs 3 positive numbers (x, y, z), not [8, 8, 0]",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
    }

    /** A 2x1x1 machine file whose x-lines are {@code xLines} (a HOCON assignment). */
    /** A key the file does not know, a typo of a known one, was dropped unread: the machine ran without it. */
    @Test
    void anUnknownKeyIsNamedByItsLineWithTheKnownOnes() throws IOException {
        Path file = dir.resolve("typo.conf");
        String machine = "name = typo\nmidplanes = [2, 1, 1]\nnodes-per-midplane = [8, 8, 8]\nEXTRA\n"
                + "lines {\n  x = [{from: 0, out-port: 2, to: 1, in-port: 5}]\n  y = []\n  z = []\n}\n";
        Files.writeString(file, machine.replace("EXTRA", "midplanse = 4"));
        assertEquals(file + ": 4: unknown key 'midplanse'; known: name, midplanes, nodes-per-midplane, boot, lines",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
        Files.writeString(file, machine.replace("EXTRA", "boot { base = 1, per-midplane = 1, fre = 1 }"));
        assertEquals(file + ": 4: unknown key 'boot.fre'; known: base, per-midplane, free",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
        Files.writeString(file, machine.replace("EXTRA", "").replace("  z = []", "  w = []\n  z = []"));
        assertEquals(file + ": 8: unknown key 'lines.w'; known: x, y, z",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
        Files.writeString(file, machine.replace("EXTRA", "").replace("to: 1,", "to: 1, speed: 2,"));
        assertEquals(file + ": 6: unknown key 'lines.x[].speed'; known: from, out-port, to, in-port",
                assertThrows(IllegalArgumentException.class, () -> Wiring.load(file)).getMessage());
    }

    private Path machineFile(String xLines) throws IOException {
        Path file = dir.resolve("tiny.conf");
        Files.writeString(file, "name = tiny\nmidplanes = [2, 1, 1]\nnodes-per-midplane = [8, 8, 8]\n"
                + "lines {\n" + xLines + "y = []\nz = []\n}\n");
        return file;
    }

    private String invalid(String xLines) {
        return assertThrows(IllegalArgumentException.class, () -> Wiring.load(machineFile(xLines))).getMessage();
    }
}

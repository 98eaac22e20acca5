package org.bgctl.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Block layouts, rule by rule, on the small machine of {@link MachineCatalogTest} (4x2x1 midplanes of 512 nodes,
 * x a ring with split cables, y two midplanes joined both ways) and on bgl.
 */
class BlockLayoutTest {
    private static final int MIDPLANE = 512;

    @TempDir
    Path dir;
    private Path machine;

    @BeforeEach
    void writeMachine() throws Exception {
        machine = Files.writeString(dir.resolve("small.conf"), MachineCatalogTest.SMALL_MACHINE);
    }

    private MachineModel layout(String mode, String blocks) throws Exception {
        Path file = Files.writeString(dir.resolve("blocks.conf"), "blocks = [\n" + blocks + "\n]\n");
        return MachineCatalog.create(machine + ",layout=" + mode + ":" + file);
    }

    private static Demand demand(int midplanes, Topology topology) {
        return new Demand(midplanes * MIDPLANE, Geometry.anyShape(topology));
    }

    private static String box(Allocation a) {
        String[] fields = a.partition().split(":");
        return fields[0] + ":" + fields[1] + ":" + fields[2];
    }

    @Test
    void aJobTakesTheSmallestFreeBlockThatHoldsItAndATorusJobOnlyATorus() throws Exception {
        MachineModel m = layout("static", """
                  { name = pair, box = "R000:2x1x1", connection = torus }
                  { name = row, box = "R010:4x1x1", connection = mesh }
                  { name = other, box = "R200:2x1x1", connection = torus }
                """);
        Allocation first = m.place(demand(1, Topology.TORUS));
        assertEquals("R000:2x1x1:torus", box(first), "the smallest torus, first in the file: the whole block");
        assertEquals(2 * MIDPLANE, first.claims().stream().mapToInt(c -> c instanceof NodeClaim n ? n.nodes() : 0).sum());
        m.allocate(first);
        Allocation second = m.place(demand(2, Topology.TORUS));
        assertEquals("R200:2x1x1:torus", box(second));
        m.allocate(second);
        assertNull(m.place(demand(1, Topology.TORUS)), "no torus block is left; the mesh row does not serve a torus");
        assertEquals("R010:4x1x1:mesh", box(m.place(demand(3, Topology.MESH))));
    }

    @Test
    void aMeshJobTakesATorusBlockWhenItIsTheSmallestFreeOne() throws Exception {
        MachineModel m = layout("static", """
                  { name = row, box = "R010:4x1x1", connection = mesh }
                  { name = pair, box = "R000:2x1x1", connection = torus }
                """);
        assertEquals("R000:2x1x1:torus", box(m.place(demand(1, Topology.MESH))));
    }

    @Test
    void aShapedJobNeedsABlockItsBoxFitsInARotationItAllows() throws Exception {
        MachineModel m = layout("overlap", """
                  { name = column, box = "R000:1x2x1", connection = mesh }
                  { name = row, box = "R010:4x1x1", connection = mesh }
                """);
        Demand wide = new Demand(2 * MIDPLANE, Geometry.box(new Shape(2, 1, 1), true, Topology.MESH));
        assertEquals("R000:1x2x1:mesh", box(m.place(wide)), "2x1x1 rotated fits the column");
        Demand pinned = new Demand(2 * MIDPLANE, Geometry.box(new Shape(2, 1, 1), false, Topology.MESH));
        assertEquals("R010:4x1x1:mesh", box(m.place(pinned)), "unrotated only the row holds it");
    }

    @Test
    void overlappingBlocksAreNeverInUseTogether() throws Exception {
        MachineModel m = layout("overlap", """
                  { name = left, box = "R000:2x2x1", connection = mesh }
                  { name = all, box = "R000:4x2x1", connection = mesh }
                  { name = right, box = "R200:2x2x1", connection = mesh }
                """);
        Allocation left = m.place(demand(4, Topology.MESH));
        assertEquals("R000:2x2x1:mesh", box(left));
        m.allocate(left);
        assertEquals("R200:2x2x1:mesh", box(m.place(demand(4, Topology.MESH))));
        assertNull(m.place(demand(5, Topology.MESH)), "the whole machine overlaps the block in use");
    }

    @Test
    void aJobNoBlockHoldsIsNeverRunnable() throws Exception {
        MachineModel m = layout("static", """
                  { name = pair, box = "R000:2x1x1", connection = torus }
                  { name = row, box = "R010:4x1x1", connection = mesh }
                """);
        assertEquals(Optional.of("no block of the static:" + dir.resolve("blocks.conf") + " layout holds a torus partition"
                + " of 3 midplanes"), m.unplaceable(demand(3, Topology.TORUS)));
        assertEquals(Optional.empty(), m.unplaceable(demand(3, Topology.MESH)));
        assertThrows(IllegalArgumentException.class, () -> m.place(demand(3, Topology.TORUS)));
    }

    @Test
    void staticBlocksMayNotShareAMidplane() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> layout("static", """
                  { name = left, box = "R000:2x2x1" }
                  { name = middle, box = "R100:2x1x1" }
                """));
        assertEquals(dir.resolve("blocks.conf") + ": 3: block middle overlaps block left on mp-R100; in a static layout"
                + " blocks share no midplane", e.getMessage());
        assertEquals("overlap", layout("overlap", """
                  { name = left, box = "R000:2x2x1" }
                  { name = middle, box = "R100:2x1x1" }
                """).name().replaceAll(".*layout=([a-z]+):.*", "$1"));
    }

    /** An overlap layout took the same box twice, as two blocks that could never be in use together. */
    @Test
    void aBoxIsListedOncePerConnection() throws Exception {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> layout("overlap", """
                  { name = row, box = "R000:4x1x1", connection = mesh }
                  { name = pair, box = "R000:2x1x1", connection = torus }
                  { name = again, box = "R200:4x1x1", connection = mesh }
                """));
        assertEquals(dir.resolve("blocks.conf") + ": 4: block again repeats block row (line 2): the same mesh R000:4x1x1;"
                + " list each box once per connection", e.getMessage());
        assertEquals("overlap", layout("overlap", """
                  { name = mesh, box = "R000:2x1x1", connection = mesh }
                  { name = torus, box = "R000:2x1x1", connection = torus }
                """).name().replaceAll(".*layout=([a-z]+):.*", "$1"));
    }

    @Test
    void staticBlocksAreWiredAllAtOnce() throws Exception {
        Path file = Files.writeString(dir.resolve("bgl-blocks.conf"), """
                blocks = [
                  { name = big, box = "R000:4x4x4", connection = torus }
                  { name = rest, box = "R400:4x4x2", connection = mesh }
                ]
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create("bgl,layout=static:" + file));
        assertEquals(file + ": 3: block rest: its mesh cannot be wired alongside the blocks listed before it, which take"
                + " cables or switches it needs; in a static layout all blocks are wired at once", e.getMessage());
        assertTrue(MachineCatalog.create("bgl,layout=overlap:" + file).name().endsWith(",layout=overlap:" + file));
    }

    @Test
    void aBlockNeedsWiringOfItsConnection() throws Exception {
        Path oneWay = Files.writeString(dir.resolve("one-way.conf"), MachineCatalogTest.SMALL_MACHINE
                .replace("{from: 1, out-port: 2, to: 0, in-port: 5}", ""));
        Path file = Files.writeString(dir.resolve("blocks.conf"), "blocks = [\n  { name = c, box = \"R000:1x2x1\" }\n]\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create(oneWay + ",layout=static:" + file));
        assertEquals(file + ": 2: block c: no torus of the y-line wiring of small joins its midplanes at y = {0,1}",
                e.getMessage());
        Path three = Files.writeString(dir.resolve("three.conf"), "blocks = [\n  { name = t, box = \"R000:3x1x1\" }\n]\n");
        e = assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create(machine + ",deny-passthrough=x,layout=overlap:" + three));
        assertTrue(e.getMessage().startsWith(three + ": 2: block t: every torus of the x-line wiring joining its midplanes"
                + " at x = {0,1,2} passes through an outside switch"), e.getMessage());
    }

    @Test
    void badBlockFilesAreNamedWithTheirLine() throws Exception {
        assertEquals(dir.resolve("blocks.conf") + ": 3: block b is named twice (first on line 2)",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R000:1x1x1" }
                          { name = b, box = "R100:1x1x1" }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: box 5x1x1 does not fit the 4x2x1 midplanes",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R000:5x1x1" }
                        """)).getMessage());
        // beyond an int it said only: For input string: "99999999999"
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: box 99999999999x1x1 does not fit the 4x2x1 midplanes",
                assertThrows(IllegalArgumentException.class, () -> layout("overlap", """
                          { name = b, box = "R000:99999999999x1x1" }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: box 'R00:1x1x1' is not R<x><y><z>:AxBxC, e.g. R000:2x2x2",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R00:1x1x1" }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: R400 is outside the 4x2x1 midplanes",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R400:1x1x1" }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: connection 'ring' is not torus or mesh",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R000:1x1x1", connection = ring }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: No configuration setting found for key 'name'",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { box = "R000:1x1x1" }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: box has type LIST rather than STRING",
                assertThrows(IllegalArgumentException.class, () -> layout("overlap", """
                          { name = b, box = [1] }
                        """)).getMessage());
        assertEquals(dir.resolve("blocks.conf") + ": 2: block b: unknown key 'conection'; known: name, box, connection",
                assertThrows(IllegalArgumentException.class, () -> layout("static", """
                          { name = b, box = "R000:1x1x1", conection = mesh }
                        """)).getMessage());
        assertTrue(assertThrows(IllegalArgumentException.class, () -> layout("static", ""))
                .getMessage().endsWith("blocks.conf: blocks lists no block"));
        // a key beside blocks was dropped unread
        Path extra = Files.writeString(dir.resolve("extra.conf"), "blocks = [ { name = b, box = \"R000:1x1x1\" } ]\n"
                + "block = [ { name = c, box = \"R100:1x1x1\" } ]\n");
        assertEquals(extra + ": 2: unknown key 'block'; known: blocks", assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create("bgl,layout=static:" + extra)).getMessage());
    }

    @Test
    void theLayoutOptionIsCheckedAndKeptInTheCanonicalName() throws Exception {
        assertEquals("bgl", MachineCatalog.create("bgl,layout=dynamic").name());
        assertEquals("machine 'bgl,layout=fixed:x.conf': layout=fixed:x.conf is not a layout; known: layout=dynamic,"
                        + " layout=static:FILE, layout=overlap:FILE",
                assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("bgl,layout=fixed:x.conf")).getMessage());
        assertEquals("machine 'bgl,layout=static:" + dir.resolve("none.conf") + "': the block file " + dir.resolve("none.conf")
                        + " does not exist or is not a file",
                assertThrows(IllegalArgumentException.class,
                        () -> MachineCatalog.create("bgl,layout=static:" + dir.resolve("none.conf"))).getMessage());
        MachineModel m = layout("static", "  { name = b, box = \"R000:1x1x1\" }");
        assertEquals(m.name(), MachineCatalog.create(m.name()).name());
        assertEquals(m.name(), MachineCatalog.create(machine + ",layout=static:" + dir.resolve("blocks.conf")).name());
    }
}

package org.bgctl.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import org.bgctl.machine.bgl.BglMachineModel;
import org.bgctl.machine.bgl.SwitchModel;
import org.bgctl.machine.flat.FlatMachine;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineCatalogTest {

    /** Four midplanes along x (a ring with the split cables 1 to 0 and 3 to 2), two along y, one along z. */
    static final String SMALL_MACHINE = """
            name = small
            midplanes = [4, 2, 1]
            nodes-per-midplane = [8, 8, 8]
            lines {
              x = [
                {from: 0, out-port: 2, to: 1, in-port: 5}
                {from: 1, out-port: 2, to: 2, in-port: 5}
                {from: 2, out-port: 2, to: 3, in-port: 5}
                {from: 3, out-port: 2, to: 0, in-port: 5}
                {from: 1, out-port: 4, to: 0, in-port: 3}
                {from: 3, out-port: 4, to: 2, in-port: 3}
              ]
              y = [
                {from: 0, out-port: 2, to: 1, in-port: 5}
                {from: 1, out-port: 2, to: 0, in-port: 5}
              ]
              z = []
            }
            """;

    @Test
    void bglAndTorusBglAreEightByFourByFourMidplanesOf512Nodes() {
        for (String name : new String[] {"bgl", "torus-bgl"}) {
            MachineModel m = MachineCatalog.create(name);
            assertEquals(name, m.name());
            assertEquals(65536, m.capacity());
            assertEquals(512, m.granularity());
            assertEquals(new Shape(8, 4, 4), m.grid().orElseThrow());
            assertFalse(m.interchangeable());
        }
    }

    @Test
    void optionsComeOutInCanonicalFormAndTheNameRebuildsTheMachine() {
        BglMachineModel m = (BglMachineModel) MachineCatalog.create("bgl,deny-passthrough=zx");
        assertEquals("bgl,deny-passthrough=xz", m.name());
        assertEquals(Set.of(Dimension.X, Dimension.Z), m.denyPassThrough());
        assertEquals(m.name(), MachineCatalog.create(m.name()).name());
    }

    @Test
    void aMachineFileIsNamedByItsPath(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("small.conf"), SMALL_MACHINE);
        MachineModel m = MachineCatalog.create(file + ",deny-passthrough=y");
        assertEquals(file + ",deny-passthrough=y", m.name());
        assertEquals(8 * 512, m.capacity());
        assertEquals(8 + 24, m.units().size());
    }

    @Test
    void switchesAreSharedPortByPortUnlessWhole() {
        BglMachineModel ports = (BglMachineModel) MachineCatalog.create("bgl");
        assertEquals(SwitchModel.PORTS, ports.machine().switchModel());
        assertEquals("bgl", ((BglMachineModel) MachineCatalog.create("bgl,switch=ports")).name());
        BglMachineModel whole = (BglMachineModel) MachineCatalog.create("torus-bgl,switch=whole,deny-passthrough=x");
        assertEquals(SwitchModel.WHOLE, whole.machine().switchModel());
        assertEquals("torus-bgl,deny-passthrough=x,switch=whole", whole.name());
        assertEquals(whole.name(), MachineCatalog.create(whole.name()).name());
        assertEquals(SwitchModel.PORTS, ((BglMachineModel) MachineCatalog.create("bgl-slurm")).machine().switchModel());
    }

    @Test
    void flatMachinesStayFlat() {
        MachineModel m = MachineCatalog.create("flat:128");
        assertTrue(m instanceof FlatMachine);
        assertEquals(1, m.granularity());
        assertTrue(m.grid().isEmpty());
    }

    @Test
    void badNamesAreErrorsThatSayWhatIsWrong(@TempDir Path dir) {
        assertMessage("unknown machine 'bg/l'; known: flat:N", "bg/l");
        // the forms by name, as the schedulers are listed: their descriptions are in the help
        assertEquals("unknown machine 'bg/l'; known: " + String.join(", ", MachineRegistry.patterns()),
                assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("bg/l")).getMessage());
        assertMessage("the node count 'x' must be a whole number from 1 to 1048576", "flat:x");
        assertMessage("the node count '99999999999' must be a whole number from 1 to 1048576", "flat:99999999999");
        assertMessage("the node count '99999999999' must be a whole number from 1 to 1048576", "buddy:99999999999");
        assertMessage("machine 'flat:2147483647': 2147483647 nodes are more than the 1048576 a machine of node counts"
                + " may have", "flat:2147483647");
        assertMessage("machine 'buddy:1048577': 1048577 nodes are more than the 1048576", "buddy:1048577");
        assertEquals("flat:1048576", MachineCatalog.create("flat:1048576").name());
        assertMessage("flat machines take no options", "flat:8,deny-passthrough=x");
        assertMessage("machine 'paragon-sdsc,switch=whole': Paragon machines take no options", "paragon-sdsc,switch=whole");
        assertMessage("machine 'buddy:64,switch=whole': buddy machines take no options", "buddy:64,switch=whole");
        assertMessage("machine 'supernode:4x4x8,switch=whole': supernode machines take no options",
                "supernode:4x4x8,switch=whole");
        assertMessage("unknown option 'passthrough=x'; known: deny-passthrough=DIMS", "bgl,passthrough=x");
        assertMessage("'w' in deny-passthrough=xw is not a dimension", "bgl,deny-passthrough=xw");
        assertMessage("dimension x listed twice", "bgl,deny-passthrough=xx");
        assertMessage("deny-passthrough needs dimensions", "bgl,deny-passthrough=");
        assertMessage("switch=half is not a switch model; known: switch=ports, switch=whole", "bgl,switch=half");
        assertMessage("switch given twice", "bgl,switch=whole,switch=ports");
        assertMessage("does not exist or is not a file", dir.resolve("missing.conf").toString());
        assertMessage("no machine named", "");
    }

    /** HOCON truncated 1.5 midplanes to 1, a cable from switch 0.5 to switch 0, a Paragon mesh 16.5 wide to 16. */
    @Test
    void aNumberAMachineFileCountsIsWholeOrNamedByItsLine(@TempDir Path dir) throws Exception {
        assertFileMessage(dir, SMALL_MACHINE.replace("[4, 2, 1]", "[4, 2, 1.5]"), "",
                "2: midplanes must be a whole number, was 1.5");
        assertFileMessage(dir, SMALL_MACHINE.replace("{from: 0, out-port: 2, to: 1", "{from: 0.5, out-port: 2, to: 1"),
                "", "6: from must be a whole number, was 0.5");
        assertFileMessage(dir, SMALL_MACHINE.replace("[4, 2, 1]", "[4, 2, 1e10]"), "",
                "2: midplanes is out of range, was 10000000000");
        String site = Files.readString(Path.of("../config/machines/paragon-sdsc.conf"));
        assertFileMessage(dir, site.replace("width = 16, height = 23", "width = 16.5, height = 23"), "paragon:",
                "10: mesh.width must be a whole number, was 16.5");
        assertFileMessage(dir, site.replace("{id = ns-1, x = 0,", "{id = ns-1, x = 0.5,"), "paragon:",
                "13: x must be a whole number, was 0.5");
    }

    /**
     * A machine of 2,048,000,000 nodes ran out of heap with a stack trace (the scheduler counts waiting jobs in an int
     * per node), leaving a run directory behind; a machine file of more than 2^31 nodes asked for jobs of negative
     * node counts.
     */
    @Test
    void noMachineHasMoreNodesThanTheLimit(@TempDir Path dir) throws Exception {
        assertMessage("machine 'supernode:16x16x16/4097': 16x16x16 supernodes of 4097 nodes are more than the 16777216"
                + " nodes a machine may have", "supernode:16x16x16/4097");
        assertEquals(16_777_216, MachineCatalog.create("supernode:16x16x16/4096").capacity());
        assertFileMessage(dir, SMALL_MACHINE.replace("[8, 8, 8]", "[1000, 1000, 8]"), "",
                "3: nodes-per-midplane: 8 midplanes of 1000x1000x8 nodes are more than the 16777216 nodes a machine may have");
        String site = Files.readString(Path.of("../config/machines/paragon-sdsc.conf"));
        assertFileMessage(dir, site.replace("width = 16, height = 23", "width = 5000, height = 5000"), "paragon:",
                "10: mesh: 5000x5000 nodes are more than the 16777216 nodes a machine may have");
    }

    /** The machine {@code prefix} + a file of {@code text} is refused, the message the file's name and {@code expected}. */
    private static void assertFileMessage(Path dir, String text, String prefix, String expected) throws Exception {
        Path file = Files.writeString(dir.resolve("m.conf"), text);
        assertEquals(file + ": " + expected, assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create(prefix + file)).getMessage());
    }

    private static void assertMessage(String expected, String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create(spec));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}

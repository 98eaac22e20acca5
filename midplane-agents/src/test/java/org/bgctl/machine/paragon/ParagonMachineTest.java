package org.bgctl.machine.paragon;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Block;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParagonMachineTest {

    private static final ParagonMachine SDSC = (ParagonMachine) MachineCatalog.create("paragon-sdsc");

    @Test
    void theSdscBatchPartitionHasTheThreeNodeSetsOfSection3() {
        assertEquals(368, SDSC.capacity());
        assertEquals(List.of("ns-1", "ns-2", "ns-3"), SDSC.units());
        assertEquals(112, SDSC.nodesOf("ns-1"));
        assertEquals(224, SDSC.nodesOf("ns-2"));
        assertEquals(32, SDSC.nodesOf("ns-3"));
        assertEquals(16, SDSC.site().nodeSets().get(0).memoryMb());
        assertEquals(List.of("ns-2"), SDSC.site().group("fat").nodeSets(Period.PRIME));
        assertEquals(List.of("ns-2", "ns-3"), SDSC.site().group("fat").nodeSets(Period.NON_PRIME));
    }

    @Test
    void primeTimeIsNineToFiveOnWeekdays() {
        PrimeTime prime = SDSC.site().primeTime();
        assertEquals(Period.PRIME, prime.periodAt(LocalDateTime.of(1995, 4, 3, 9, 0)));
        assertEquals(Period.NON_PRIME, prime.periodAt(LocalDateTime.of(1995, 4, 3, 17, 0)));
        assertEquals(Period.NON_PRIME, prime.periodAt(LocalDateTime.of(1995, 4, 3, 8, 59)));
        assertEquals(Period.NON_PRIME, prime.periodAt(LocalDateTime.of(1995, 4, 1, 12, 0)));
    }

    @Test
    void thePassOneNodeSetIsTheOneWithFewestFreeNodesThatHoldsTheJob() {
        ParagonMachine m = SDSC.copy();
        Allocation a = m.place(8, List.of("ns-1", "ns-2", "ns-3"));
        assertEquals("ns-3", ((NodeClaim) a.claims().get(0)).unit());
        assertTrue(a.contiguous());
        m.allocate(a);
        // ns-3 has 24 free, too few for 30: ns-1 (112) has fewer free than ns-2 (224)
        assertEquals("ns-1", ((NodeClaim) m.place(30, List.of("ns-2", "ns-3", "ns-1")).claims().get(0)).unit());
    }

    @Test
    void passTwoTakesTheGroupsNodeSetsInOrder() {
        ParagonMachine m = SDSC.copy();
        m.allocate(m.place(100, List.of("ns-1")));
        // 12 free in ns-1, 32 in ns-3: 40 nodes fit in neither alone; ns-3 first, then ns-1
        Allocation a = m.place(40, List.of("ns-3", "ns-1"));
        assertEquals(List.of("ns-3", "ns-1"), a.claims().stream().map(c -> c.unit()).toList());
        assertEquals(List.of(32, 8), a.claims().stream().map(c -> ((NodeClaim) c).nodes()).toList());
        assertEquals(false, a.contiguous());
        assertNull(m.place(45, List.of("ns-3", "ns-1")));
    }

    @Test
    void allocationsNameTheirBlocks() {
        ParagonMachine m = SDSC.copy();
        assertEquals("ns-1[16x4+0+0]", m.place(64, List.of("ns-1")).partition());
        assertEquals(List.of(new Block(0, 7, 16, 8)), ((NodeClaim) m.place(128,
                List.of("ns-2")).claims().get(0)).blocks());
    }

    @Test
    void aBadSiteFileIsRejectedWithWhatIsWrong(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("bad.conf");
        Files.writeString(file, """
                mesh { width = 4, height = 4 }
                node-sets = [ {id = a, x = 0, y = 0, width = 4, height = 2, memory-mb = 16} ]
                prime-time { start = "09:00", end = "17:00", days = [MONDAY] }
                node-groups { g { prime = [a, b], non-prime = [a] } }
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create("paragon:" + file));
        assertTrue(e.getMessage().endsWith("node group g (prime) names node set 'b'; known: a"), e.getMessage());
        assertTrue(e.getMessage().startsWith(file + ": 4: node group g"), e.getMessage());
    }

    @Test
    void aBadNodeSetIsNamedByItsLineAndAMissingKeyByTheFile(@TempDir Path dir) throws IOException {
        Path overlap = Files.writeString(dir.resolve("overlap.conf"), """
                mesh { width = 4, height = 4 }
                node-sets = [
                  {id = a, x = 0, y = 0, width = 4, height = 2, memory-mb = 16}
                  {id = b, x = 0, y = 1, width = 4, height = 2, memory-mb = 16}
                ]
                """);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create("paragon:" + overlap));
        assertEquals(overlap + ": 4: node sets a and b overlap", e.getMessage());
        Path missing = Files.writeString(dir.resolve("missing.conf"), "node-sets = []\n");
        e = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("paragon:" + missing));
        assertEquals(missing + ": No configuration setting found for key 'mesh'", e.getMessage());
    }

    /** A site of one node set, its prime time's start and days to fill in for START and DAYS. */
    private static final String SMALL_SITE = """
            mesh { width = 4, height = 4 }
            node-sets = [ {id = a, x = 0, y = 0, width = 4, height = 2, memory-mb = 16} ]
            prime-time { start = "START", end = "17:00", days = [DAYS] }
            node-groups { g { prime = [a], non-prime = [a] } }
            """;

    @Test
    void aBadPrimeTimeIsNamedByItsLine(@TempDir Path dir) throws IOException {
        String site = SMALL_SITE;
        Path late = Files.writeString(dir.resolve("late.conf"), site.replace("START", "18:00").replace("DAYS", "MONDAY"));
        assertEquals(late + ": 3: prime time must start before it ends: 18:00-17:00",
                assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("paragon:" + late)).getMessage());
        Path day = Files.writeString(dir.resolve("day.conf"), site.replace("START", "09:00").replace("DAYS", "MONDAYY"));
        assertEquals(day + ": 3: prime-time.days: 'MONDAYY' is not a day of the week",
                assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("paragon:" + day)).getMessage());
    }

    /** A key the site file does not know, a typo of a known one, was dropped unread. */
    @Test
    void anUnknownKeyIsNamedByItsLineWithTheKnownOnes(@TempDir Path dir) throws IOException {
        String site = SMALL_SITE.replace("START", "09:00").replace("DAYS", "MONDAY");
        String[][] typos = {
                {"mesh {", "mesh { depth = 1,", "1: unknown key 'mesh.depth'; known: width, height"},
                {"memory-mb = 16", "memory-mb = 16, memroy-mb = 32",
                        "2: unknown key 'node-sets[].memroy-mb'; known: id, x, y, width, height, memory-mb"},
                {"days = [MONDAY]", "days = [MONDAY], weekends = true",
                        "3: unknown key 'prime-time.weekends'; known: start, end, days"},
                {"non-prime = [a]", "nonprime = [a]", "4: unknown key 'node-groups.g.nonprime'; known: prime, non-prime"},
                {"node-groups", "node-sets-extra = 1\nnode-groups",
                        "4: unknown key 'node-sets-extra'; known: mesh, node-sets, prime-time, node-groups, nqs"}};
        for (String[] t : typos) {
            Path file = Files.writeString(dir.resolve("typo.conf"), site.replace(t[0], t[1]));
            assertEquals(file + ": " + t[2], assertThrows(IllegalArgumentException.class,
                    () -> MachineCatalog.create("paragon:" + file)).getMessage(), t[1]);
        }
    }

    @Test
    void aWiringFileAndASiteFileNamedTheOtherWaySaySo() {
        Path bgl = Path.of("../config/machines/bgl.conf");
        assertEquals(bgl + ": a wiring of midplanes (midplanes, no mesh), not a Paragon site: name the file itself as"
                + " the machine (FILE.conf)",
                assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create("paragon:" + bgl)).getMessage());
        Path sdsc = Path.of("../config/machines/paragon-sdsc.conf");
        assertEquals(sdsc + ": a Paragon site (node-sets, no midplanes), not a wiring of midplanes: name it as"
                + " paragon:FILE", assertThrows(IllegalArgumentException.class,
                () -> MachineCatalog.create(sdsc.toString())).getMessage());
    }
}

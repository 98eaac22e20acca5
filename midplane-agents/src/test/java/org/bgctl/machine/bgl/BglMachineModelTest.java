package org.bgctl.machine.bgl;

import static org.bgctl.machine.Topology.MESH;
import static org.bgctl.machine.Topology.TORUS;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Claim;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.NodeClaim;
import org.bgctl.machine.PortClaim;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

class BglMachineModelTest {
    private static final int NODES = 512;

    private final BglMachineModel bgl = (BglMachineModel) MachineCatalog.create("bgl");

    private static Demand box(int x, int y, int z, Topology t) {
        return new Demand(x * y * z * NODES, Geometry.box(new Shape(x, y, z), false, t));
    }

    @Test
    void itsComponentsAreItsMidplanesSwitchesAndCablesEachNamedAsFaultsNameThem() {
        List<String> components = bgl.components();
        assertEquals(components.size(), new TreeSet<>(components).size(), "no name twice");
        assertEquals(128, components.stream().filter(BglIds::isMidplane).count());
        assertEquals(3 * 128, components.stream().filter(BglIds::isSwitch).count());
        assertTrue(components.contains("cable-x-R000-p2"), "the x cable leaving R000's switch at port 2");
        assertTrue(components.stream().filter(c -> c.startsWith("cable-")).count() > 0);
        for (String c : components) assertFalse(bgl.componentClaims(c).isEmpty(), c);
    }

    @Test
    void everyCandidateNameRebuildsItsExactPartition() {
        PartitionSearch search = new PartitionSearch(bgl.machine());
        BglState half = bgl.machine().newState();
        Random random = new Random(3);
        while (half.usedMidplanes() < 40) {
            PartitionRequest r = PartitionRequest.ofSize(1 + random.nextInt(6), random.nextBoolean() ? MESH : TORUS);
            search.best(half, r).ifPresent(half::allocate);
        }
        PartitionNames names = new PartitionNames(bgl.machine());
        int checked = 0;
        for (int size : new int[] {1, 2, 3, 4, 6, 8, 12, 16})
            for (Topology t : Topology.values())
                for (Partition p : search.candidates(half, PartitionRequest.ofSize(size, t))) {
                    assertEquals(p, new PartitionNames(bgl.machine()).parse(names.format(p)), names.format(p));
                    checked++;
                }
        assertTrue(checked > 1000, "checked " + checked);
    }

    @Test
    void aTwoMidplaneXTorusClaimsItsMidplanesTheirSwitchesAndTwoCables() {
        Allocation a = bgl.place(box(2, 1, 1, TORUS));
        assertEquals("R000:2x1x1:torus:x=0.8:y=-:z=-", a.partition());
        assertEquals(List.of(new NodeClaim("mp-R000", NODES), new NodeClaim("mp-R100", NODES),
                // x: cable 0 leaves R000 at port 2 and enters R100 at 5; cable 8 leaves R100 at 4, enters R000 at 3
                new PortClaim("sw-x-R000", 0b001111), new PortClaim("sw-x-R100", 0b110011),
                new PortClaim("sw-y-R000", 0b11), new PortClaim("sw-y-R100", 0b11),
                new PortClaim("sw-z-R000", 0b11), new PortClaim("sw-z-R100", 0b11)), a.claims());
        assertEquals(2 * NODES, a.nodes());
    }

    @Test
    void aSwitchPassedThroughGetsTheEndsOfTheCablesOnly() {
        Allocation a = bgl.place(new Demand(2 * NODES, Geometry.box(new Shape(1, 2, 1), false, TORUS)));
        assertEquals("R000:1x2x1:torus:x=-:y=0.1.2.3/2.3:z=-", a.partition());
        // the y ring 0-1-3-2-0 passes through the switches at y = 2 (cable 3 out at 2, cable 2 in at 5) and 3
        assertTrue(a.claims().contains(new PortClaim("sw-y-R020", 0b100100)));
        assertTrue(a.claims().contains(new PortClaim("sw-y-R030", 0b100100)));
        assertTrue(a.claims().contains(new PortClaim("sw-y-R000", 0b100111)));
    }

    @Test
    void allocationsComeBackFromTheirNamesAndReleaseRestoresTheMachine() {
        BglMachineModel machine = bgl.copy();
        Allocation a = machine.place(box(2, 2, 2, TORUS));
        machine.allocate(a);
        Allocation fromJournal = new Allocation(a.partition(), a.claims());
        assertFalse(machine.isFree(fromJournal));
        assertTrue(machine.conflict(fromJournal).orElseThrow().contains("in use"));
        assertEquals(120 * NODES, machine.freeNodes());
        machine.release(fromJournal);
        assertEquals(bgl.capacity(), machine.freeNodes());
        assertTrue(bgl.isFree(a), "copies are independent");
    }

    @Test
    void aJobWithoutShapeTakesTheSmallestBoxThatHoldsIt() {
        Allocation eleven = bgl.place(new Demand(11 * NODES));
        assertEquals(12 * NODES, eleven.nodes());
        assertEquals(2 * NODES, bgl.place(new Demand(NODES + 1)).nodes());
        assertTrue(bgl.unplaceable(new Demand(127 * NODES)).isEmpty());
    }

    @Test
    void claimsThatDoNotMatchTheNameAreRejected() {
        Allocation a = bgl.place(box(2, 1, 1, TORUS));
        Allocation forged = new Allocation(a.partition(), a.claims().subList(0, 2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> bgl.copy().allocate(forged));
        assertTrue(e.getMessage().contains("not those of the partition"), e.getMessage());
    }

    @Test
    void badPartitionNamesSayWhatIsWrong() {
        assertMessage("expected 6 fields", () -> bgl.isFree(new Allocation("R000:2x1x1:torus", List.of())));
        assertMessage("R900 is outside the 8x4x4 midplanes",
                () -> bgl.isFree(new Allocation("R900:1x1x1:mesh:x=-:y=-:z=-", List.of())));
        assertMessage("is not a torus link set of the x-line wiring for midplanes {0,1}",
                () -> bgl.isFree(new Allocation("R000:2x1x1:torus:x=0:y=-:z=-", List.of())));
        assertMessage("no cable 14", () -> bgl.isFree(new Allocation("R000:2x1x1:torus:x=0.14:y=-:z=-", List.of())));
    }

    @Test
    void impossibleDemandsAreErrorsNamingTheShape() {
        assertMessage("shape 9x1x1 does not fit the 8x4x4 midplanes of bgl in any rotation",
                () -> bgl.place(new Demand(9 * NODES, Geometry.box(new Shape(9, 1, 1), true, MESH))));
        assertMessage("shape 1x8x1 does not fit the 8x4x4 midplanes of bgl unrotated",
                () -> bgl.place(new Demand(8 * NODES, Geometry.box(new Shape(1, 8, 1), false, MESH))));
        assertTrue(bgl.unplaceable(new Demand(8 * NODES, Geometry.box(new Shape(1, 8, 1), true, MESH))).isEmpty());
        assertMessage("needs 129 midplanes; bgl has 128", () -> bgl.place(new Demand(128 * NODES + 1)));
        assertMessage("shape 2x1x1 holds 2 midplanes, fewer than the 3",
                () -> bgl.place(new Demand(3 * NODES, Geometry.box(new Shape(2, 1, 1), true, MESH))));
    }

    @Test
    void denyingYPassThroughMakesEveryTwoMidplaneYTorusImpossible() {
        BglMachineModel denied = (BglMachineModel) MachineCatalog.create("bgl,deny-passthrough=y");
        Demand yTorus = new Demand(2 * NODES, Geometry.box(new Shape(1, 2, 1), false, TORUS));
        assertEquals("no torus partition of shape 1x2x1 can be wired on bgl,deny-passthrough=y, not even on the empty machine",
                denied.unplaceable(yTorus).orElseThrow());
        assertNotNull(denied.place(new Demand(2 * NODES, Geometry.box(new Shape(1, 2, 1), false, MESH))));
    }

    @Test
    void aDownMidplaneIsAvoidedAndItsFailureTakesItsNodes() {
        BglMachineModel machine = bgl.copy();
        machine.setHealth("mp-R000", false);
        assertEquals(List.of(new NodeClaim("mp-R000", NODES)), machine.componentClaims("mp-R000"));
        assertEquals("R001:1x1x1:mesh:x=-:y=-:z=-", machine.place(new Demand(1)).partition());
        assertEquals(127 * NODES, machine.freeNodes());
        machine.setHealth("mp-R000", true);
        assertEquals("R000:1x1x1:mesh:x=-:y=-:z=-", machine.place(new Demand(1)).partition());
        assertTrue(machine.downComponents().isEmpty());
    }

    @Test
    void aCableIsNamedByTheSwitchAndPortItLeavesAndTakesBothItsEnds() {
        BglMachineModel machine = bgl.copy();
        List<Claim> ends = machine.componentClaims("cable-x-R100-p4");
        assertEquals(List.of(new PortClaim("sw-x-R100", 1 << 4), new PortClaim("sw-x-R000", 1 << 3)), ends);
        machine.setHealth("cable-x-R100-p4", false);
        // {0,1} of the x-line through R000 can no longer close its small ring; the next x-line can
        assertEquals("R001:2x1x1:torus:x=0.8:y=-:z=-", machine.place(box(2, 1, 1, TORUS)).partition());
        assertEquals(List.of(new PortClaim("sw-z-R123", BglMachineModel.ALL_PORTS)), machine.componentClaims("sw-z-R123"));
    }

    @Test
    void unknownComponentsAreNamedInTheError() {
        assertMessage("unknown component 'midplane-7'", () -> bgl.copy().setHealth("midplane-7", false));
        assertMessage("no x cable leaves the switch of R000 at port 4", () -> bgl.copy().setHealth("cable-x-R000-p4", false));
        assertMessage("'w' is not a dimension", () -> bgl.copy().setHealth("sw-w-R000", false));
    }

    @Test
    void unitsAreTheMidplanesThenTheSwitches() {
        List<String> units = bgl.units();
        assertEquals(128 + 3 * 128, units.size());
        assertEquals("mp-R000", units.get(0));
        assertEquals("mp-R100", units.get(1));
        assertEquals("sw-x-R000", units.get(128));
        assertEquals(NODES, bgl.nodesOf("mp-R733"));
        assertEquals(0, bgl.nodesOf("sw-z-R733"));
        assertEquals(new Coordinate(7, 3, 3), BglIds.position("R733", bgl.machine()));
    }

    @Test
    void aDemandWithNoRoomFindsRoomOnceAPartitionIsFreedOnThatMachineOnly() {
        BglMachineModel machine = bgl.copy();
        Allocation left = machine.place(box(4, 4, 4, MESH));
        machine.allocate(left);
        Allocation right = machine.place(box(4, 4, 4, MESH));
        machine.allocate(right);
        Demand half = box(4, 4, 4, MESH);
        assertNull(machine.place(half));
        BglMachineModel copy = machine.copy();
        assertNull(copy.place(half));

        machine.release(right);
        assertEquals(right.partition(), machine.place(half).partition());
        assertNull(copy.place(half), "the copy still runs both halves");
        copy.releaseAll(List.of(left));
        assertEquals(left.partition(), copy.place(half).partition());
        copy.allocate(copy.place(new Demand(1)));
        assertNull(copy.place(half), "an allocation in the freed half leaves no room again");
    }

    /**
     * Through allocations, releases, failures, repairs and copies, what a machine finds — from what it knows of
     * its earlier searches, such as the lines without room — is what a machine that knows nothing finds.
     */
    @Test
    void placeFindsWhatAMachineWithoutMemoryFinds() {
        Random random = new Random(5);
        List<Demand> demands = List.of(new Demand(NODES), new Demand(3 * NODES, Geometry.anyShape(TORUS)),
                box(2, 1, 1, TORUS), box(1, 2, 2, MESH), box(1, 1, 4, TORUS),
                new Demand(8 * NODES, Geometry.box(new Shape(2, 2, 2), true, TORUS)),
                new Demand(8 * NODES, Geometry.box(new Shape(4, 2, 1), true, MESH)), new Demand(16 * NODES));
        BglMachineModel machine = bgl.copy();
        List<Allocation> running = new ArrayList<>();
        TreeSet<String> down = new TreeSet<>();
        for (int step = 0; step < 400; step++) {
            BglMachineModel fresh = new BglMachineModel("bgl", bgl.machine(), Set.of());
            for (Allocation a : running) fresh.allocate(a);
            for (String c : down) fresh.setHealth(c, false);
            for (Demand d : demands) assertEquals(fresh.place(d), machine.place(d), "step " + step + ", " + d);
            int action = random.nextInt(20);
            if (action < 11) {
                Allocation a = machine.place(demands.get(random.nextInt(demands.size())));
                if (a != null) {
                    machine.allocate(a);
                    running.add(a);
                }
            } else if (action < 16 && !running.isEmpty()) {
                machine.release(running.remove(random.nextInt(running.size())));
            } else if (action < 18) {
                List<Allocation> ending = new ArrayList<>();
                for (int i = 0; i < 3 && !running.isEmpty(); i++) ending.add(running.remove(random.nextInt(running.size())));
                machine.releaseAll(ending);
            } else if (action < 19) {
                String midplane = BglIds.midplane(new Coordinate(random.nextInt(8), random.nextInt(4), random.nextInt(4)));
                boolean up = down.contains(midplane);
                machine.setHealth(midplane, up);
                if (up) down.remove(midplane);
                else down.add(midplane);
            } else {
                machine = machine.copy();
            }
        }
    }

    @Test
    void aDemandWithNoRoomFindsRoomOnceADownMidplaneIsUp() {
        BglMachineModel machine = bgl.copy();
        machine.setHealth("mp-R000", false);
        Demand all = box(8, 4, 4, MESH);
        assertNull(machine.place(all));
        machine.setHealth("mp-R000", true);
        assertNotNull(machine.place(all));
    }

    @Test
    void aFullMachineHasNoRoomButTheDemandStaysPlaceable() {
        BglMachineModel machine = bgl.copy();
        machine.allocate(machine.place(new Demand(128 * NODES)));
        assertNull(machine.place(new Demand(1)));
        assertEquals(0, machine.freeNodes());
    }

    @Test
    void theNodesOfAnAllocationAreItsNodeClaimsWhetherMadeHereOrRebuiltFromItsName() {
        Random random = new Random(5);
        for (int i = 0; i < 40; i++) {
            Allocation a = bgl.place(new Demand(NODES * (1 + random.nextInt(20))));
            if (a == null) continue;
            assertEquals(a.nodes(), bgl.nodesHeldBy(a));
            Allocation rebuilt = new Allocation(new String(a.partition()), a.claims());
            assertEquals(a.nodes(), bgl.nodesHeldBy(rebuilt));
            assertEquals(bgl.partition(a), bgl.partition(rebuilt));
            bgl.allocate(rebuilt);
        }
    }

    private static void assertMessage(String expected, Executable call) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, call);
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}

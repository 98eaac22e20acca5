package org.bgctl.machine.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.OptionalInt;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.Test;

class SupernodeMachineTest {

    @Test
    void theDefaultMachineIsBlueGeneLInSupernodesOf512Nodes() {
        MachineModel m = MachineCatalog.create("supernode");
        assertEquals("supernode:4x4x8", m.name());
        assertEquals(128 * 512, m.capacity());
        assertEquals(128, m.units().size());
        assertEquals("sn-0.0.0", m.units().get(0));
        assertEquals("sn-1.0.0", m.units().get(1));
        assertEquals("sn-3.3.7", m.units().get(127));
        assertFalse(m.interchangeable());
    }

    @Test
    void otherDimensionsAndSupernodeSizesAreNamedInTheSpec() {
        assertEquals("supernode:4x4x8", MachineCatalog.create("supernode:4x4x8").name());
        MachineModel units = MachineCatalog.create("supernode:4x4x8/1");
        assertEquals("supernode:4x4x8/1", units.name());
        assertEquals(128, units.capacity());
        assertEquals(12, MachineCatalog.create("supernode:2x3x2/1").capacity());
    }

    @Test
    void badSpecsAreRefusedWithTheReason() {
        assertMessage("'4x4' must be three dimensions", "supernode:4x4");
        assertMessage("the dimension '0' must be a positive whole number", "supernode:4x0x8");
        assertMessage("the nodes per supernode 'many'", "supernode:4x4x8/many");
        assertMessage("larger than the 4096 supernodes supported", "supernode:100x100x100");
        assertMessage("unknown machine 'supernodes'", "supernodes");
    }

    private static void assertMessage(String expected, String spec) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MachineCatalog.create(spec));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }

    @Test
    void aDemandTakesWholeSupernodesRaisedToAPossibleBoxSize() {
        SupernodeMachine m = SupernodeMachine.blueGeneL();
        assertEquals(OptionalInt.of(1), m.unitsFor(1));
        assertEquals(OptionalInt.of(1), m.unitsFor(512));
        assertEquals(OptionalInt.of(2), m.unitsFor(513));
        assertEquals(OptionalInt.of(12), m.unitsFor(11 * 512));
        assertEquals(OptionalInt.empty(), m.unitsFor(128 * 512 + 1));
        Allocation a = m.place(new Demand(11 * 512));
        assertEquals(12 * 512, a.nodes());
        assertEquals(12, a.claims().size());
        assertEquals(new NodeClaim("sn-0.0.0", 512), a.claims().get(0));
    }

    @Test
    void allocationsAreRebuiltFromTheirCanonicalName() {
        SupernodeMachine m = new SupernodeMachine(TorusShape.BLUE_GENE_L, 1);
        Allocation a = m.allocationOf(Box.of(3, 2, 6, 2, 4, 3));
        assertEquals("2x4x3@3.0.6", a.partition());
        assertEquals(a, m.allocationOf("2x4x3@3.0.6"));
        assertEquals(24, a.nodes());
        assertTrue(a.claims().contains(new NodeClaim("sn-0.3.0", 1)), "wraps around x and z");
    }

    @Test
    void aPartitionNameThatIsNotCanonicalIsRefused() {
        SupernodeMachine m = SupernodeMachine.blueGeneL();
        assertThrows(IllegalArgumentException.class, () -> m.allocationOf("2x4x3@3.1.6"), "y spans the torus");
        assertThrows(IllegalArgumentException.class, () -> m.allocationOf("5x1x1@0.0.0"));
        assertThrows(IllegalArgumentException.class, () -> m.allocationOf("2x2x2"));
        assertThrows(IllegalArgumentException.class, () -> m.allocationOf("2x2x2@0.0.-1"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> m.allocationOf("1x1x1@0.0.01"));
        assertTrue(e.getMessage().contains("canonical name is 1x1x1@0.0.1"), e.getMessage());
    }

    @Test
    void allocateAndReleaseKeepTheOccupancy() {
        SupernodeMachine m = new SupernodeMachine(new TorusShape(2, 2, 2), 4);
        Allocation half = m.allocationOf(Box.of(0, 0, 0, 2, 2, 1));
        SupernodeMachine copy = m.copy();
        m.allocate(half);
        assertEquals(16, m.freeNodes());
        assertEquals(32, copy.freeNodes(), "a copy is independent");
        assertFalse(m.isFree(half));
        assertThrows(IllegalStateException.class, () -> m.allocate(half));
        assertNull(m.place(new Demand(17)));
        m.release(half);
        assertEquals(32, m.freeNodes());
        assertThrows(IllegalStateException.class, () -> m.release(half));
    }

    @Test
    void unitIdsAreRecognised() {
        SupernodeMachine m = SupernodeMachine.blueGeneL();
        for (String unit : List.of("sn-0.0.0", "sn-3.3.7")) assertTrue(m.hasUnit(unit), unit);
        for (String unit : List.of("sn-4.0.0", "sn-0.0", "ns-0", "sn-00.0.0", "sn-a.0.0")) assertFalse(m.hasUnit(unit), unit);
    }
}

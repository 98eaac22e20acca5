package org.bgctl.machine.flat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.Allocation;
import org.bgctl.machine.Demand;
import org.bgctl.machine.NodeClaim;
import org.junit.jupiter.api.Test;

class FlatMachineTest {

    @Test
    void placesADemandOnTheNodeSetWhileItFits() {
        FlatMachine m = new FlatMachine(10);
        assertEquals(new Allocation("", List.of(new NodeClaim(FlatMachine.NODE_SET, 10))), m.place(new Demand(10)));
        assertThrows(IllegalArgumentException.class, () -> m.place(new Demand(11)), "more nodes than the machine has");
        assertEquals(List.of(FlatMachine.NODE_SET), m.units());
    }

    @Test
    void allocateTakesNodesAndRefusesMoreThanAreFree() {
        FlatMachine m = new FlatMachine(10);
        m.allocate(FlatMachine.allocationOf(7));
        assertEquals(3, m.freeNodes());
        assertNull(m.place(new Demand(4)));
        assertTrue(m.isFree(FlatMachine.allocationOf(3)));
        assertFalse(m.isFree(FlatMachine.allocationOf(4)));
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> m.allocate(FlatMachine.allocationOf(4)));
        assertTrue(e.getMessage().contains("4") && e.getMessage().contains("3 free"), e.getMessage());
        assertEquals(3, m.freeNodes(), "a failed allocation takes nothing");
    }

    @Test
    void releaseGivesNodesBackAndNeverBeyondCapacity() {
        FlatMachine m = new FlatMachine(10);
        m.allocate(FlatMachine.allocationOf(7));
        m.release(FlatMachine.allocationOf(7));
        assertEquals(10, m.freeNodes());
        assertThrows(IllegalStateException.class, () -> m.release(FlatMachine.allocationOf(1)));
        assertEquals(10, m.freeNodes());
    }

    @Test
    void aCopyIsIndependent() {
        FlatMachine m = new FlatMachine(10);
        FlatMachine copy = m.copy();
        copy.allocate(FlatMachine.allocationOf(6));
        assertEquals(10, m.freeNodes());
        assertEquals(4, copy.freeNodes());
        m.allocate(FlatMachine.allocationOf(1));
        assertEquals(4, copy.freeNodes());
    }

    @Test
    void aMachineNeedsANodeAndADemandNeedsANode() {
        assertThrows(IllegalArgumentException.class, () -> new FlatMachine(0));
        assertThrows(IllegalArgumentException.class, () -> new Demand(0));
    }

    @Test
    void aDownNodeIsNeitherFreeNorAllocatableAndItsCopiesKeepTheirOwnHealth() {
        FlatMachine m = new FlatMachine(4);
        m.allocate(FlatMachine.allocationOf(2));
        m.setHealth("node-3", false);
        FlatMachine before = m.copy();
        m.setHealth("node-0", false);
        assertEquals(0, m.freeNodes());
        assertEquals(List.of("node-0", "node-3"), List.copyOf(m.downComponents()));
        assertEquals(List.of("node-3"), List.copyOf(before.downComponents()), "the copy is independent");
        assertEquals(1, before.freeNodes());
        IllegalStateException full = assertThrows(IllegalStateException.class, () -> m.setHealth("node-1", false));
        assertEquals("cannot take node-1 down: every up node of flat:4 is allocated", full.getMessage());
        assertThrows(IllegalStateException.class, () -> m.release(FlatMachine.allocationOf(3)), "2 up nodes can be free");
        m.setHealth("node-0", true);
        assertEquals(1, m.freeNodes());
        assertEquals(2, m.upRank("node-2"), "nodes 0, 1 and 2 are up, node-3 is down");
        m.setHealth("node-1", false);
        assertEquals(1, m.upRank("node-2"), "node-1 is down now");
        assertEquals(-1, m.upRank("node-3"));
        assertEquals(List.of(new NodeClaim(FlatMachine.NODE_SET, 1)), m.componentClaims("node-2"));
        assertEquals(List.of("node-0", "node-1", "node-2", "node-3"), m.components());
        for (String bad : List.of("node-4", "node-01", "node-", "node-x", "ns-0", "mp-R000"))
            assertThrows(IllegalArgumentException.class, () -> m.componentClaims(bad), bad);
    }
}

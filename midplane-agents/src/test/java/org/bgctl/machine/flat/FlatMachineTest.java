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
        assertNull(m.place(new Demand(11)));
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
}

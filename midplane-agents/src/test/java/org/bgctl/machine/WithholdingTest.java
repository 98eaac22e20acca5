package org.bgctl.machine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A copy that withholds the parts of some allocations (gang scheduling: the units of suspended jobs) places no
 * new allocation on them, leaves the machine itself as it was, and fails nothing.
 */
class WithholdingTest {

    @Test
    void onBglNoPartitionUsesOrPassesThroughAWithheldMidplaneOrSwitch() {
        MachineModel bgl = MachineCatalog.create("bgl");
        Allocation one = bgl.place(new Demand(512));
        MachineModel withheld = bgl.withholding(List.of(one));
        assertFalse(withheld.isFree(one));
        assertNull(withheld.place(new Demand(bgl.capacity())), "the whole machine holds the withheld midplane");
        Allocation other = withheld.place(new Demand(512));
        assertNotNull(other);
        assertTrue(other.claims().stream().noneMatch(c -> one.claims().stream().anyMatch(o -> o.unit().equals(c.unit()))),
                other + " shares a midplane or switch with " + one);
        assertTrue(withheld.downComponents().isEmpty());
        assertTrue(bgl.isFree(one) && bgl.place(new Demand(bgl.capacity())) != null, "the machine itself is unchanged");
    }

    @Test
    void onSupernodesTheWithheldSupernodesAreHeld() {
        MachineModel torus = MachineCatalog.create("supernode:2x2x2/1");
        Allocation two = torus.place(new Demand(2));
        MachineModel withheld = torus.withholding(List.of(two));
        assertEquals(6, withheld.freeNodes());
        assertNull(withheld.place(new Demand(8)));
        assertEquals(8, torus.freeNodes());
    }

    @Test
    void machinesOfInterchangeableNodesDoNotWithhold() {
        MachineModel flat = MachineCatalog.create("flat:4");
        assertFalse(flat.withholds());
        assertThrows(UnsupportedOperationException.class, () -> flat.withholding(List.of()));
    }
}

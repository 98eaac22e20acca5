package org.bgctl.machine.torus;

import org.bgctl.machine.Coordinate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SupernodeTorusTest {

    private final SupernodeTorus torus = SupernodeTorus.empty(new TorusShape(2, 3, 4));

    @Test
    void anAllocatedBoxIsBusyWithItsJob() {
        torus.allocate(Box.of(1, 2, 3, 1, 2, 2), 7);

        assertEquals(new UnitState.Busy(7), torus.state(new Coordinate(1, 0, 0)));
        assertEquals(UnitState.FREE, torus.state(new Coordinate(0, 0, 0)));
        assertFalse(torus.isFree(Box.of(1, 0, 0, 1, 1, 1)));
        assertEquals(20, torus.freeUnits());
        assertEquals(4, torus.busyUnits());
    }

    @Test
    void releaseFreesExactlyTheJobsUnits() {
        torus.allocate(Box.of(0, 0, 0, 2, 1, 1), 1);
        torus.allocate(Box.of(0, 1, 0, 1, 1, 1), 2);

        assertEquals(Box.of(0, 0, 0, 2, 1, 1), torus.release(1));

        assertEquals(Optional.empty(), torus.allocationOf(1));
        assertEquals(Optional.of(Box.of(0, 1, 0, 1, 1, 1)), torus.allocationOf(2));
        assertEquals(Map.of(2L, Box.of(0, 1, 0, 1, 1, 1)), torus.allocations());
        assertEquals(23, torus.freeUnits());
    }

    @Test
    void allocationsAreKeptNormalized() {
        torus.allocate(Box.of(1, 2, 3, 2, 1, 1), 5);
        assertEquals(Optional.of(Box.of(0, 2, 3, 2, 1, 1)), torus.allocationOf(5));
    }

    @Test
    void aUnitIsNeverHeldTwice() {
        torus.allocate(Box.of(0, 0, 0, 2, 2, 2), 1);
        assertThrows(IllegalStateException.class, () -> torus.allocate(Box.of(1, 1, 1, 1, 1, 1), 2));
        assertThrows(IllegalStateException.class, () -> torus.allocate(Box.of(0, 0, 3, 1, 1, 1), 1));
        assertEquals(16, torus.freeUnits());
    }

    @Test
    void releasingAJobWithoutUnitsFails() {
        assertThrows(IllegalStateException.class, () -> torus.release(3));
    }

    @Test
    void aDownUnitIsNotFreeUntilRepaired() {
        Coordinate unit = new Coordinate(1, 1, 1);
        torus.markDown(unit);
        assertEquals(UnitState.DOWN, torus.state(unit));
        assertEquals(1, torus.downUnits());
        assertThrows(IllegalStateException.class, () -> torus.allocate(Box.of(0, 0, 0, 2, 2, 2), 1));

        torus.repair(unit);
        assertEquals(UnitState.FREE, torus.state(unit));
        assertEquals(24, torus.freeUnits());
    }

    @Test
    void aBusyUnitMustBeReleasedBeforeItGoesDown() {
        torus.allocate(Box.of(0, 0, 0, 1, 1, 1), 4);
        assertThrows(IllegalStateException.class, () -> torus.markDown(Coordinate.ORIGIN));
        assertThrows(IllegalStateException.class, () -> torus.repair(Coordinate.ORIGIN));
    }

    @Test
    void aCopyIsIndependent() {
        torus.allocate(Box.of(0, 0, 0, 1, 1, 1), 1);
        SupernodeTorus copy = torus.copy();

        copy.release(1);
        copy.allocate(Box.of(1, 1, 1, 1, 1, 1), 2);

        assertEquals(Optional.of(Box.of(0, 0, 0, 1, 1, 1)), torus.allocationOf(1));
        assertTrue(torus.isFree(Box.of(1, 1, 1, 1, 1, 1)));
        assertEquals(Optional.empty(), copy.allocationOf(1));
    }
}

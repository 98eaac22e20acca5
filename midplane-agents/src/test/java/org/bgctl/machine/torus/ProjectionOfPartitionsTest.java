package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;
import org.bgctl.machine.Coordinate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class ProjectionOfPartitionsTest {

    private static final TorusShape MACHINE = TorusShape.BLUE_GENE_L;

    @Property(tries = 300)
    void popFindsTheExhaustiveSearchBoxOnTheMachine(@ForAll("machineOccupancies") Occupancy occupancy) {
        assertSameAsExhaustive(occupancy);
    }

    @Property(tries = 1000)
    void popFindsTheExhaustiveSearchBoxOnSmallTori(@ForAll("smallOccupancies") Occupancy occupancy) {
        assertSameAsExhaustive(occupancy);
    }

    @Property(tries = 500)
    void aFloorOnlyHidesSmallerSizes(@ForAll("smallOccupancies") Occupancy occupancy,
                                     @ForAll @IntRange(max = 40) int floor) {
        int size = ExhaustivePartitionSearch.largestFreeBox(occupancy).map(Box::volume).orElse(0);
        assertEquals(Math.max(floor, size), ProjectionOfPartitions.largestFreeSizeAbove(occupancy, floor));
    }

    @Example
    void anEmptyTorusIsOneWholeMachineBox() {
        Occupancy empty = Occupancy.empty(MACHINE);
        assertEquals(Optional.of(Box.of(0, 0, 0, 4, 4, 8)), ProjectionOfPartitions.largestFreeBox(empty));
        assertEquals(128, ProjectionOfPartitions.largestFreeSize(empty));
    }

    @Example
    void oneBusyUnitLeavesTheSevenOtherPlanes() {
        // Dropping the z plane of the busy unit keeps 4x4x7 = 112 units; dropping an x or y slice only 96.
        // The seven planes start right after the busy one, at z = 4, and wrap around to z = 2.
        Occupancy occupancy = Occupancy.empty(MACHINE).with(new Box(new Coordinate(1, 2, 3), Shape.UNIT));
        assertEquals(Optional.of(Box.of(0, 0, 4, 4, 4, 7)), ProjectionOfPartitions.largestFreeBox(occupancy));
    }

    @Example
    void theLargestBoxMayWrapAroundTheEdge() {
        // Busy planes z = 2 and z = 5 leave free z = 3..4 (32 units) and z = 6..7 + 0..1 (64 units).
        Occupancy occupancy = Occupancy.empty(MACHINE).with(Box.of(0, 0, 2, 4, 4, 1)).with(Box.of(0, 0, 5, 4, 4, 1));
        assertEquals(Optional.of(Box.of(0, 0, 6, 4, 4, 4)), ProjectionOfPartitions.largestFreeBox(occupancy));
    }

    @Example
    void aFullTorusHasNoFreeBox() {
        Occupancy full = Occupancy.empty(MACHINE).with(Box.of(0, 0, 0, 4, 4, 8));
        assertEquals(Optional.empty(), ProjectionOfPartitions.largestFreeBox(full));
        assertEquals(0, ProjectionOfPartitions.largestFreeSize(full));
    }

    private static void assertSameAsExhaustive(Occupancy occupancy) {
        Optional<Box> expected = ExhaustivePartitionSearch.largestFreeBox(occupancy);
        assertEquals(expected, ProjectionOfPartitions.largestFreeBox(occupancy), occupancy::toString);
        assertEquals(expected.map(Box::volume).orElse(0), ProjectionOfPartitions.largestFreeSize(occupancy));
    }

    @Provide
    Arbitrary<Occupancy> machineOccupancies() {
        return Occupancies.of(Arbitraries.just(MACHINE));
    }

    @Provide
    Arbitrary<Occupancy> smallOccupancies() {
        return Occupancies.onSmallTori(5);
    }
}

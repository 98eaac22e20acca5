package org.bgctl.machine.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

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
        Occupancy occupancy = Occupancy.empty(MACHINE).with(new Box(new Coordinate(1, 2, 3), Extent.UNIT));
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
        return occupancies(Arbitraries.just(MACHINE));
    }

    @Provide
    Arbitrary<Occupancy> smallOccupancies() {
        Arbitrary<Integer> dimension = Arbitraries.integers().between(1, 5);
        return occupancies(Combinators.combine(dimension, dimension, dimension).as(TorusShape::new));
    }

    /** Scattered busy units at any density, or a few busy boxes: large free boxes with ragged edges. */
    private static Arbitrary<Occupancy> occupancies(Arbitrary<TorusShape> shapes) {
        return shapes.flatMap(shape -> Arbitraries.oneOf(scatteredUnits(shape), busyBoxes(shape)));
    }

    private static Arbitrary<Occupancy> scatteredUnits(TorusShape shape) {
        return Arbitraries.integers().between(0, 100).flatMap(percentBusy -> Arbitraries.integers().between(0, 99)
                .map(roll -> roll < percentBusy)
                .list().ofSize(shape.units())
                .map(busy -> withBusyUnits(shape, busy)));
    }

    private static Occupancy withBusyUnits(TorusShape shape, List<Boolean> busy) {
        Occupancy occupancy = Occupancy.empty(shape);
        for (int x = 0; x < shape.x(); x++)
            for (int y = 0; y < shape.y(); y++)
                for (int z = 0; z < shape.z(); z++)
                    if (busy.get(shape.index(x, y, z))) occupancy = occupancy.with(Box.of(x, y, z, 1, 1, 1));
        return occupancy;
    }

    private static Arbitrary<Occupancy> busyBoxes(TorusShape shape) {
        Arbitrary<Box> boxes = Combinators.combine(
                Arbitraries.integers().between(0, shape.x() - 1),
                Arbitraries.integers().between(0, shape.y() - 1),
                Arbitraries.integers().between(0, shape.z() - 1),
                Arbitraries.integers().between(1, shape.x()),
                Arbitraries.integers().between(1, shape.y()),
                Arbitraries.integers().between(1, shape.z())).as(Box::of);
        return boxes.list().ofMaxSize(6).map(busy -> {
            Occupancy occupancy = Occupancy.empty(shape);
            for (Box box : busy) occupancy = occupancy.with(box);
            return occupancy;
        });
    }
}

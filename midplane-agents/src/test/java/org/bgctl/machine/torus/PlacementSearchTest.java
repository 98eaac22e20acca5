package org.bgctl.machine.torus;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Predicate;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import org.junit.jupiter.api.Test;

class PlacementSearchTest {

    @Property(tries = 500)
    void theChoiceIsTheFirstCandidateLeavingTheLargestFreeBox(@ForAll("smallOccupancies") Occupancy occupancy,
                                                             @ForAll @IntRange(min = 1, max = 8) int size) {
        assertEquals(byExhaustiveSearch(occupancy, size, box -> true), PlacementSearch.choose(occupancy, size),
                occupancy::toString);
    }

    @Property(tries = 200)
    void amongAllowedCandidatesTheChoiceIsTheFirstLeavingTheLargestFreeBox(
            @ForAll("smallOccupancies") Occupancy occupancy, @ForAll @IntRange(min = 1, max = 8) int size,
            @ForAll @IntRange(min = 0, max = 3) int parity) {
        Predicate<Box> allowed = box -> (box.base().x() + box.base().z()) % 4 != parity;
        assertEquals(byExhaustiveSearch(occupancy, size, allowed), PlacementSearch.choose(occupancy, size, allowed),
                occupancy::toString);
    }

    @Property(tries = 100)
    void onSymmetricToriTheChoiceIsTheFirstLeavingTheLargestFreeBox(
            @ForAll @IntRange(min = 1, max = 4) int x, @ForAll @IntRange(min = 1, max = 4) int y,
            @ForAll @IntRange(min = 1, max = 4) int z, @ForAll @IntRange(min = 0, max = 3) int busyPlanes,
            @ForAll @IntRange(min = 1, max = 8) int size) {
        // Whole z planes busy (or none): the torus maps onto itself by every x and y translation.
        TorusShape shape = new TorusShape(x, y, z);
        Occupancy occupancy = Occupancy.empty(shape);
        for (int k = 0; k < Math.min(busyPlanes, z - 1); k++) occupancy = occupancy.with(Box.of(0, 0, 2 * k % z, x, y, 1));
        assertEquals(byExhaustiveSearch(occupancy, size, box -> true), PlacementSearch.choose(occupancy, size),
                occupancy::toString);
    }

    @Property(tries = 100)
    void whenTheFreeUnitsFormOneBoxTheChoiceIsTheFirstLeavingTheLargestFreeBox(
            @ForAll @IntRange(min = 1, max = 4) int x, @ForAll @IntRange(min = 1, max = 4) int y,
            @ForAll @IntRange(min = 1, max = 4) int z, @ForAll @IntRange(min = 0, max = 63) int corner,
            @ForAll @IntRange(min = 0, max = 63) int size, @ForAll @IntRange(min = 1, max = 8) int jobSize) {
        TorusShape shape = new TorusShape(x, y, z);
        Box free = Box.of(corner % x, corner / 4 % y, corner / 16 % z, 1 + size % x, 1 + size / 4 % y, 1 + size / 16 % z);
        Occupancy occupancy = Occupancy.empty(shape).with(Box.of(0, 0, 0, x, y, z)).without(free);
        assertEquals(byExhaustiveSearch(occupancy, jobSize, box -> true), PlacementSearch.choose(occupancy, jobSize),
                occupancy::toString);
    }

    /** The first allowed candidate, in scan order, leaving the largest free box largest, by exhaustive search. */
    private static Optional<Placement> byExhaustiveSearch(Occupancy occupancy, int size, Predicate<Box> allowed) {
        Optional<Placement> expected = Optional.empty();
        for (Box box : PlacementSearch.candidates(occupancy, size)) {
            if (!allowed.test(box)) continue;
            int after = ExhaustivePartitionSearch.largestFreeBox(occupancy.with(box)).map(Box::volume).orElse(0);
            if (expected.isEmpty() || after > expected.get().largestFreeSizeAfter())
                expected = Optional.of(new Placement(box, after));
        }
        return expected;
    }

    @Provide
    Arbitrary<Occupancy> smallOccupancies() {
        return Occupancies.onSmallTori(4);
    }

    @Test
    void candidatesAreTheFreeBoxesOfEveryFittingShapeInScanOrder() {
        // A 2x2x1 torus with (1,1) busy: 2-unit shapes are 1x2 and 2x1, each with two distinct positions.
        Occupancy occupancy = Occupancy.empty(new TorusShape(2, 2, 1)).with(Box.of(1, 1, 0, 1, 1, 1));
        assertEquals(List.of(Box.of(0, 0, 0, 1, 2, 1), Box.of(0, 0, 0, 2, 1, 1)),
                PlacementSearch.candidates(occupancy, 2));
    }

    @Test
    void placementKeepsTheLargestFreeBoxLargestAcrossTheEdge() {
        // A ring of 8 units with unit 2 busy: the free run is 3,4,5,6,7,0,1 (7 units, across the edge).
        // A 1-unit job at either end of the run (unit 1 or unit 3) leaves a run of 6; the first candidate
        // in scan order, unit 0, would leave only 5 (units 3..7). Of the two ends, unit 1 comes first.
        Occupancy ring = Occupancy.empty(new TorusShape(1, 1, 8)).with(Box.of(0, 0, 2, 1, 1, 1));
        assertEquals(Optional.of(new Placement(Box.of(0, 0, 1, 1, 1, 1), 6)), PlacementSearch.choose(ring, 1));
    }

    @Test
    void placementOnTheMachineShavesOneSliceOffTheFreeHalf() {
        // Planes z = 0..3 are busy; the free half is a 4x4x4 box. A 16-unit job taking a whole 4x4x4 slice
        // (1x4x4, 4x1x4 or 4x4x1 at the edge of the free half) leaves a 48-unit box; any other shape cuts
        // the free half to at most 32. The three best start at base (0,0,4); 1x4x4 is first in extent order.
        Occupancy occupancy = Occupancy.empty(TorusShape.BLUE_GENE_L).with(Box.of(0, 0, 0, 4, 4, 4));
        assertEquals(Optional.of(new Placement(Box.of(0, 0, 4, 1, 4, 4), 48)), PlacementSearch.choose(occupancy, 16));
    }

    @Test
    void nothingIsPlacedWhenNoBoxOfTheSizeIsFree() {
        Occupancy occupancy = Occupancy.empty(TorusShape.BLUE_GENE_L).with(Box.of(0, 0, 0, 4, 4, 7));
        assertEquals(Optional.empty(), PlacementSearch.choose(occupancy, 32));
        assertEquals(Optional.empty(), PlacementSearch.choose(Occupancy.empty(TorusShape.BLUE_GENE_L), 11));
    }

    @Test
    void aJobThatDoesNotFitIsRaisedToTheSmallestFreeBoxThatHoldsIt() {
        // The paper's example: a 4x4 torus whose only free partition is a 2x2 square. A 3-unit job cannot
        // run (no 1x3 is free) and is raised to 4; a 5-unit job cannot run at all.
        Occupancy occupancy = Occupancy.empty(new TorusShape(4, 4, 1))
                .with(Box.of(0, 0, 0, 4, 4, 1))
                .without(Box.of(1, 1, 0, 2, 2, 1));
        assertEquals(OptionalInt.of(4), PlacementSearch.smallestSchedulableSize(occupancy, 3));
        assertEquals(OptionalInt.of(2), PlacementSearch.smallestSchedulableSize(occupancy, 2));
        assertEquals(OptionalInt.empty(), PlacementSearch.smallestSchedulableSize(occupancy, 5));
    }
}

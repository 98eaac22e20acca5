package org.bgctl.machine.torus;

import org.bgctl.machine.Shape;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TorusShapeTest {

    private static final TorusShape MACHINE = TorusShape.BLUE_GENE_L;

    @Test
    void theMachineHas128Supernodes() {
        assertEquals(128, MACHINE.units());
    }

    @Test
    void possibleSizesOnTheMachineAreTheProductsOfFittingExtents() {
        // a*b*c with a, b <= 4 and c <= 8: every size up to 10, then only sizes with small enough factors.
        assertEquals(List.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12, 14, 15, 16, 18, 20, 21, 24, 27, 28, 30, 32, 36, 40,
                42, 45, 48, 54, 56, 60, 63, 64, 72, 80, 84, 96, 112, 128), MACHINE.possibleSizes());
    }

    @Test
    void impossibleSizesAreRaisedToTheNextPossibleSize() {
        assertEquals(OptionalInt.of(12), MACHINE.nextPossibleSize(11));
        assertEquals(OptionalInt.of(14), MACHINE.nextPossibleSize(13));
        assertEquals(OptionalInt.of(27), MACHINE.nextPossibleSize(25));
        assertEquals(OptionalInt.of(128), MACHINE.nextPossibleSize(113));
    }

    @Test
    void sevenFitsAlongTheLongDimension() {
        assertEquals(List.of(new Shape(1, 1, 7)), MACHINE.extentsOfVolume(7));
        assertEquals(OptionalInt.of(7), MACHINE.nextPossibleSize(7));
    }

    @Test
    void nothingIsLargerThanTheMachine() {
        assertEquals(OptionalInt.empty(), MACHINE.nextPossibleSize(129));
    }

    @Test
    void extentsOfAVolumeIncludeEveryRotation() {
        List<Shape> expected = List.of(new Shape(1, 2, 4), new Shape(1, 4, 2), new Shape(2, 1, 4),
                new Shape(2, 2, 2), new Shape(2, 4, 1), new Shape(4, 1, 2), new Shape(4, 2, 1));
        assertEquals(expected, new TorusShape(4, 4, 4).extentsOfVolume(8));
    }

    @Test
    void aFullDimensionContributesOneBaseOnly() {
        TorusShape shape = new TorusShape(2, 3, 4);
        assertEquals(3 * 4, shape.placementsOf(new Shape(2, 1, 1)).size());
        assertEquals(1, shape.placementsOf(new Shape(2, 3, 4)).size());
        assertEquals(Box.of(0, 1, 2, 2, 1, 1), shape.normalize(Box.of(1, 1, 2, 2, 1, 1)));
    }

    @Test
    void unitsOfABoxWrapAroundTheEdges() {
        TorusShape shape = new TorusShape(3, 3, 4);
        int[] expected = {shape.index(2, 2, 3), shape.index(0, 2, 3), shape.index(2, 2, 0), shape.index(0, 2, 0)};
        assertArrayEquals(expected, shape.unitsOf(Box.of(2, 2, 3, 2, 1, 2)));
    }

    @Test
    void aBoxLargerThanTheTorusIsRejected() {
        assertThrows(IllegalArgumentException.class, () -> MACHINE.normalize(Box.of(0, 0, 0, 5, 1, 1)));
        assertThrows(IllegalArgumentException.class, () -> MACHINE.normalize(Box.of(4, 0, 0, 1, 1, 1)));
    }
}

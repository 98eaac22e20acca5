package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.machine.Shape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ShapesTest {
    private static final Shape BGL = new Shape(8, 4, 4);

    @ParameterizedTest(name = "slim {0} -> {1}")
    @CsvSource({"1, 1x1x1", "6, 6x1x1", "8, 8x1x1", "16, 8x2x1", "27, 3x3x3", "128, 8x4x4"})
    void slimShapesTakeTheFirstExactProductWithTheLongSideAlongX(int size, String shape) {
        assertEquals(shape, Shapes.slim(size, BGL).toString());
    }

    @ParameterizedTest(name = "slim {0} -> {1}")
    @CsvSource({"11, 6x2x1", "37, 5x4x2"})
    void slimShapesOtherwiseTakeTheFirstOfTheSmallestLargerProduct(int size, String shape) {
        assertEquals(shape, Shapes.slim(size, BGL).toString());
    }

    @ParameterizedTest(name = "fat {0} -> {1}")
    @CsvSource({"1, 2x2x2", "8, 2x2x2", "9, 3x2x2", "12, 3x2x2", "17, 3x3x2", "128, 8x4x4"})
    void fatShapesHaveAtLeastTwoMidplanesPerDimension(int size, String shape) {
        assertEquals(shape, Shapes.fat(size, BGL).toString());
    }

    @Test
    void fatShapesKeepOneMidplaneWhereTheMachineHasOnlyOne() {
        assertEquals(new Shape(2, 2, 1), Shapes.fat(3, new Shape(4, 4, 1)));
    }

    @Test
    void transformedShapesHoldTheJobAndFitTheMachine() {
        for (int size = 1; size <= BGL.volume(); size++)
            for (Shape s : List.of(Shapes.slim(size, BGL), Shapes.fat(size, BGL))) {
                assertTrue(s.volume() >= size && s.fitsIn(BGL), size + " -> " + s);
            }
    }

    @Test
    void aJobLargerThanTheMachineHasNoShape() {
        assertThrows(IllegalArgumentException.class, () -> Shapes.slim(129, BGL));
        assertThrows(IllegalArgumentException.class, () -> Shapes.fat(0, BGL));
    }

    @Test
    void midplanesRoundNodesUp() {
        assertEquals(1, Shapes.midplanes(1, 512));
        assertEquals(1, Shapes.midplanes(512, 512));
        assertEquals(2, Shapes.midplanes(513, 512));
        assertEquals(128, Shapes.midplanes(65_536, 512));
    }

    @Test
    void shapesOfAVolumeComeLongestAlongXFirst() {
        assertEquals(List.of(new Shape(4, 1, 1), new Shape(2, 2, 1), new Shape(2, 1, 2),
                new Shape(1, 4, 1), new Shape(1, 2, 2), new Shape(1, 1, 4)), Shapes.ofVolume(4, BGL));
    }
}

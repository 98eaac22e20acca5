package org.bgctl.machine.torus;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random occupancies for property tests: scattered busy units at any density, or a few busy boxes (large
 * free boxes with ragged edges).
 */
final class Occupancies {

    private Occupancies() {
    }

    /** Occupancies of tori with every dimension from 1 to {@code maxDimension}. */
    static Arbitrary<Occupancy> onSmallTori(int maxDimension) {
        Arbitrary<Integer> dimension = Arbitraries.integers().between(1, maxDimension);
        return of(Combinators.combine(dimension, dimension, dimension).as(TorusShape::new));
    }

    /** Occupancies of tori of the given shapes. */
    static Arbitrary<Occupancy> of(Arbitrary<TorusShape> shapes) {
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

package org.bgctl.machine.bgl;

import static org.junit.jupiter.api.Assertions.assertEquals;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.bgctl.machine.Coordinate;
import org.bgctl.machine.Demand;
import org.bgctl.machine.Geometry;
import org.bgctl.machine.Shape;
import org.bgctl.machine.Topology;

/**
 * The records compared number by number (partitions and their parts, demands and their geometry) are equal exactly
 * when every component is, as the generated {@code equals} compared them, and equal ones hash alike. Components are
 * drawn from a few values so that equal pairs are frequent; a record's text lists its components, so equal texts
 * mean equal components.
 */
class RecordEqualityTest {

    @Property(tries = 3000)
    void partitionsAreEqualExactlyWhenTheirComponentsAre(@ForAll("partitions") Partition a,
                                                          @ForAll("partitions") Partition b) {
        equalExactlyWhenComponentsAre(a, b);
        equalExactlyWhenComponentsAre(a.base(), b.base());
        equalExactlyWhenComponentsAre(a.shape(), b.shape());
        equalExactlyWhenComponentsAre(a.x(), b.y());
    }

    @Property(tries = 3000)
    void demandsAreEqualExactlyWhenTheirComponentsAre(@ForAll("demands") Demand a, @ForAll("demands") Demand b) {
        equalExactlyWhenComponentsAre(a, b);
        equalExactlyWhenComponentsAre(a.geometry(), b.geometry());
    }

    /** Shapes and geometries hash as the generated methods of records of the same components do. */
    @Property(tries = 1000)
    void shapesAndGeometriesHashAsGeneratedRecordsDo(@ForAll("demands") Demand demand) {
        Geometry g = demand.geometry();
        if (g.shape() != null) {
            Shape s = g.shape();
            assertEquals(new GeneratedShape(s.x(), s.y(), s.z()).hashCode(), s.hashCode(), s.toString());
        }
        assertEquals(new GeneratedGeometry(g.shape(), g.rotations(), g.topology()).hashCode(), g.hashCode(),
                g.toString());
    }

    private record GeneratedShape(int x, int y, int z) {
    }

    private record GeneratedGeometry(Shape shape, boolean rotations, Topology topology) {
    }

    private static void equalExactlyWhenComponentsAre(Record a, Record b) {
        assertEquals(a.toString().equals(b.toString()), a.equals(b), a + " and " + b);
        assertEquals(a.equals(b), b.equals(a), a + " and " + b);
        if (a.equals(b)) assertEquals(a.hashCode(), b.hashCode(), a + " and " + b);
        assertEquals(false, a.equals(null));
        assertEquals(false, a.equals(a.toString()));
    }

    @Provide
    Arbitrary<Partition> partitions() {
        Arbitrary<Coordinate> base = Combinators.combine(small(0), small(0), small(0)).as(Coordinate::new);
        Arbitrary<Shape> shape = Combinators.combine(small(1), small(1), small(1)).as(Shape::new);
        Arbitrary<LinkSet> link = Combinators.combine(Arbitraries.of(1, 3), Arbitraries.of(0L, 1L, 1L << 40),
                Arbitraries.of(0, 4)).as(LinkSet::new);
        return Combinators.combine(base, shape, Arbitraries.of(Topology.class), link, link, link).as(Partition::new);
    }

    @Provide
    Arbitrary<Demand> demands() {
        Arbitrary<Shape> shape = Combinators.combine(small(1), small(1), small(1)).as(Shape::new);
        Arbitrary<Geometry> geometry = Combinators.combine(shape.injectNull(0.3), Arbitraries.of(true, false),
                Arbitraries.of(Topology.class)).as(Geometry::new);
        return Combinators.combine(Arbitraries.of(1, 512), geometry).as(Demand::new);
    }

    private static Arbitrary<Integer> small(int from) {
        return Arbitraries.integers().between(from, from + 1);
    }
}

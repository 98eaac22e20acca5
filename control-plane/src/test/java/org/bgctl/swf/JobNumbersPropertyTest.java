package org.bgctl.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.TreeSet;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

class JobNumbersPropertyTest {

    @Property(tries = 500)
    void answersLikeATreeSet(@ForAll("numbers") List<Long> numbers) {
        JobNumbers set = new JobNumbers();
        TreeSet<Long> expected = new TreeSet<>();
        for (long n : numbers) {
            assertEquals(expected.add(n), set.add(n), "add " + n);
        }
        for (long probe = -3; probe <= 103; probe++)
            assertEquals(expected.contains(probe), set.contains(probe), "probe " + probe);
        for (long n : List.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE))
            assertEquals(expected.contains(n), set.contains(n), "probe " + n);
    }

    /** Numbers from a small range, so that repeats and neighbours are frequent, plus the extremes of a long. */
    @Provide
    Arbitrary<List<Long>> numbers() {
        Arbitrary<Long> small = Arbitraries.longs().between(0, 100);
        Arbitrary<Long> extremes = Arbitraries.of(Long.MIN_VALUE, Long.MIN_VALUE + 1, Long.MAX_VALUE - 1, Long.MAX_VALUE);
        return Arbitraries.frequencyOf(Tuple.of(20, small), Tuple.of(1, extremes)).list().ofMaxSize(300);
    }
}

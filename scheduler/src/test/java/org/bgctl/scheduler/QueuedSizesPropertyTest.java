package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

class QueuedSizesPropertyTest {

    /**
     * Adds (positive sizes) and removes of a size still counted (negative ones): the fewest is the smallest size
     * counted, a size above the machine's counted as the machine's. Machines of fewer nodes than a word of counts,
     * of a word and of several.
     */
    @Property(tries = 800)
    void fewestIsTheSmallestSizeWaiting(@ForAll("capacities") int capacity,
                                        @ForAll("operations") List<Integer> operations) {
        QueuedSizes sizes = new QueuedSizes(capacity);
        List<Integer> waiting = new ArrayList<>();
        for (int op : operations) {
            if (op > 0) {
                sizes.add(op);
                waiting.add(op);
            } else if (waiting.remove(Integer.valueOf(-op))) {
                sizes.remove(-op);
            }
            int expected = waiting.isEmpty() ? Integer.MAX_VALUE : Math.min(Collections.min(waiting), capacity);
            assertEquals(expected, sizes.fewest(), "after " + op + ", waiting " + waiting);
        }
    }

    @Provide
    Arbitrary<Integer> capacities() {
        return Arbitraries.of(16, 63, 64, 65, 200);
    }

    /** Sizes up to twice the largest machine's, added a little more often than removed. */
    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(-400, 400).filter(n -> n != 0).list().ofMaxSize(300);
    }
}

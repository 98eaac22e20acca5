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

    private static final int CAPACITY = 16;

    /**
     * Adds (positive sizes) and removes of a size still counted (negative ones): the fewest is the smallest size
     * counted, a size above the machine's counted as the machine's.
     */
    @Property(tries = 500)
    void fewestIsTheSmallestSizeWaiting(@ForAll("operations") List<Integer> operations) {
        QueuedSizes sizes = new QueuedSizes(CAPACITY);
        List<Integer> waiting = new ArrayList<>();
        for (int op : operations) {
            if (op > 0) {
                sizes.add(op);
                waiting.add(op);
            } else if (waiting.remove(Integer.valueOf(-op))) {
                sizes.remove(-op);
            }
            int expected = waiting.isEmpty() ? Integer.MAX_VALUE : Math.min(Collections.min(waiting), CAPACITY);
            assertEquals(expected, sizes.fewest(), "after " + op + ", waiting " + waiting);
        }
    }

    /** Sizes up to twice the machine's, added a little more often than removed. */
    @Provide
    Arbitrary<List<Integer>> operations() {
        return Arbitraries.integers().between(-2 * CAPACITY, 2 * CAPACITY).filter(n -> n != 0).list().ofMaxSize(300);
    }
}

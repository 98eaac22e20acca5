package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

class JobIdMapPropertyTest {

    /** Puts (positive ids) and removes (negative ones) answer as a TreeMap's do, whatever the collisions. */
    @Property(tries = 500)
    void answersLikeATreeMap(@ForAll("operations") List<Long> operations) {
        JobIdMap<String> map = new JobIdMap<>();
        TreeMap<Long, String> expected = new TreeMap<>();
        for (long op : operations) {
            if (op >= 0) {
                String value = "v" + op + "@" + expected.size();
                assertEquals(expected.put(op, value), map.put(op, value), "put " + op);
            } else {
                long id = -op - 1;
                assertEquals(expected.remove(id), map.remove(id), "remove " + id);
            }
            assertEquals(expected.size(), map.size());
        }
        for (long probe = 0; probe <= 70; probe++) {
            assertEquals(expected.get(probe), map.get(probe), "get " + probe);
            assertEquals(expected.containsKey(probe), map.containsKey(probe), "contains " + probe);
        }
        assertEquals(new ArrayList<>(expected.values()), map.byId());
    }

    /** Ids from a small range, so that the table collides, grows and empties, plus ids far apart. */
    @Provide
    Arbitrary<List<Long>> operations() {
        Arbitrary<Long> puts = Arbitraries.longs().between(0, 64);
        Arbitrary<Long> removes = Arbitraries.longs().between(-65, -1);
        Arbitrary<Long> far = Arbitraries.of(1L << 40, (1L << 40) + 16, Long.MAX_VALUE, 1L << 62);
        return Arbitraries.frequencyOf(Tuple.of(6, puts), Tuple.of(5, removes), Tuple.of(1, far)).list().ofMaxSize(400);
    }
}

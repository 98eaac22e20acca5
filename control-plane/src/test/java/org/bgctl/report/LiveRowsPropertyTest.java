package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.TreeMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/** The live rows answer every question as a sorted map of the same rows does, through growth and removals. */
class LiveRowsPropertyTest {

    /** Each step: an id; a positive one is added (its row a fresh string), a negative one's opposite removed. */
    @Property(tries = 300)
    void liveRowsAnswerAsASortedMap(@ForAll("steps") List<Long> steps) {
        LiveRows<String> rows = new LiveRows<>();
        TreeMap<Long, String> expected = new TreeMap<>();
        for (long step : steps) {
            long id = Math.abs(step);
            if (step > 0) {
                String row = "job " + id;
                assertEquals(!expected.containsKey(id), rows.add(id, row));
                expected.putIfAbsent(id, row);
            } else {
                String row = expected.get(id);
                assertEquals(row != null, rows.remove(id, row != null ? row : "other"));
                expected.remove(id);
                assertNull(rows.get(id));
            }
            assertEquals(expected.size(), rows.size());
            assertEquals(expected.isEmpty(), rows.isEmpty());
            if (!expected.isEmpty()) assertEquals(expected.firstKey(), rows.firstId());
            if (step > 0) assertSame(expected.get(id), rows.get(id));
        }
        assertEquals(List.copyOf(expected.values()), rows.inIdOrder());
        rows.clear();
        assertEquals(0, rows.size());
        assertEquals(List.of(), rows.inIdOrder());
    }

    @Property(tries = 50)
    void aRowNotTheOneHeldUnderItsIdIsNotRemoved(@ForAll("ids") long id) {
        LiveRows<String> rows = new LiveRows<>();
        rows.add(id, "held");
        assertEquals(false, rows.remove(id, new String("held")));
        assertEquals("held", rows.get(id));
    }

    @Provide
    Arbitrary<List<Long>> steps() {
        // ids mostly rising, as jobs come, removed in any order; a few far apart (collisions, negative hashes)
        Arbitrary<Long> near = Arbitraries.longs().between(1, 300);
        Arbitrary<Long> far = Arbitraries.longs().between(1, Long.MAX_VALUE);
        Arbitrary<Long> id = Arbitraries.frequencyOf(Tuple.of(9, near), Tuple.of(1, far));
        return Arbitraries.frequencyOf(Tuple.of(3, id), Tuple.of(2, id.map(i -> -i)))
                .list().ofMaxSize(1500);
    }

    @Provide
    Arbitrary<Long> ids() {
        return Arbitraries.longs().between(0, Long.MAX_VALUE);
    }
}

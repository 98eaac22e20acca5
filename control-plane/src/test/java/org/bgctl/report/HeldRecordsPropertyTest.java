package org.bgctl.report;

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
import org.bgctl.scheduler.Job;

/** Held records come out in id order whatever order they went in, as from a sorted map. */
class HeldRecordsPropertyTest {

    /** Each step: a positive number adds a record of the next id lowered by (number - 1), 0 polls the first. */
    @Property(tries = 300)
    void heldRecordsLeaveInIdOrderAsFromASortedMap(@ForAll("steps") List<Integer> steps) {
        HeldRecords held = new HeldRecords();
        TreeMap<Long, JobRecord> expected = new TreeMap<>();
        List<Long> out = new ArrayList<>();
        List<Long> expectedOut = new ArrayList<>();
        long next = 1_000;
        for (int step : steps) {
            if (step == 0) {
                if (expected.isEmpty()) continue;
                assertEquals(expected.firstKey(), held.firstId());
                out.add(held.pollFirst().job().id());
                expectedOut.add(expected.pollFirstEntry().getKey());
            } else {
                long id = next++ - (step - 1) * 1_000L;
                if (expected.containsKey(id) || held.contains(id)) continue;
                JobRecord r = Records.neverStarted(Job.of(id, 0, 1, 1, 1));
                held.add(r);
                expected.put(id, r);
            }
            assertEquals(expected.size(), held.size());
        }
        assertEquals(expectedOut, out);
        assertEquals(List.copyOf(expected.values()), held.records());
    }

    @Provide
    Arbitrary<List<Integer>> steps() {
        return Arbitraries.frequencyOf(
                Tuple.of(5, Arbitraries.just(1)),
                Tuple.of(1, Arbitraries.integers().between(2, 4)),
                Tuple.of(3, Arbitraries.just(0))).list().ofMaxSize(400);
    }
}

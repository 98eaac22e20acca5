package org.bgctl.swf;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.scheduler.TimeBounds;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SwfRoundTripPropertyTest {

    @Property(tries = 200)
    void writeThenReadGivesTheSameRecords(@ForAll("traces") List<SwfRecord> records) throws IOException {
        StringWriter text = new StringWriter();
        try (SwfWriter writer = new SwfWriter(text, List.of("; Note: generated"))) {
            for (SwfRecord r : records) writer.write(r);
        }
        List<SwfRecord> read = new ArrayList<>();
        byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
        try (SwfReader reader = SwfReader.open(new ByteArrayInputStream(bytes), "generated.swf", false)) {
            reader.forEachRemaining(read::add);
        }
        assertEquals(records, read);
    }

    /** Up to 20 records with distinct job numbers, as the reader requires. */
    @Provide
    Arbitrary<List<SwfRecord>> traces() {
        return records().list().ofMaxSize(20).uniqueElements(SwfRecord::jobId);
    }

    private Arbitrary<SwfRecord> records() {
        // job numbers count from 1, as the reader requires
        Arbitrary<Long> jobIds = Arbitraries.oneOf(Arbitraries.just(1L), Arbitraries.just(Long.MAX_VALUE),
                Arbitraries.longs().between(1, Long.MAX_VALUE));
        Arbitrary<Long> longs = Arbitraries.oneOf(Arbitraries.just(-1L), Arbitraries.longs().between(-1, Long.MAX_VALUE));
        // submit times, run and requested times within the bounds the reader enforces (TimeBounds)
        Arbitrary<Long> times = Arbitraries.oneOf(Arbitraries.just(-1L), Arbitraries.just(TimeBounds.MAX_TIME),
                Arbitraries.longs().between(-1, TimeBounds.MAX_TIME));
        Arbitrary<Long> durations = Arbitraries.oneOf(Arbitraries.just(-1L), Arbitraries.just(TimeBounds.MAX_DURATION),
                Arbitraries.longs().between(-1, TimeBounds.MAX_DURATION));
        Arbitrary<Integer> ints = Arbitraries.oneOf(Arbitraries.just(-1), Arbitraries.integers().between(-1, Integer.MAX_VALUE));
        // SWF keeps two decimals at most: draw hundredths.
        Arbitrary<Double> decimals = Arbitraries.oneOf(Arbitraries.just(-1.0),
                Arbitraries.longs().between(-100, 100_000_000_000L).map(cents -> cents / 100.0));
        return Combinators.combine(jobIds, longs.list().ofSize(4), times, durations.list().ofSize(2),
                        ints.list().ofSize(8), decimals.list().ofSize(3))
                .as((id, l, submit, t, i, d) -> new SwfRecord(id, submit, l.get(1), t.get(0), i.get(0), d.get(0),
                        d.get(1), i.get(1), t.get(1), d.get(2), i.get(2), i.get(3), i.get(4), i.get(5), i.get(6),
                        i.get(7), l.get(2), l.get(3)));
    }
}

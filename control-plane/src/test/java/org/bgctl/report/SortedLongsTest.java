package org.bgctl.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class SortedLongsTest {

    @Test
    void valuesBeyondOneChunkComeBackSortedFromTheMergedRuns() throws IOException {
        SplittableRandom random = new SplittableRandom(7);
        long[] values = new long[10_000];
        for (int i = 0; i < values.length; i++) values[i] = random.nextLong(-1_000, 1_000);
        long[] read = new long[values.length];
        try (SortedLongs sorted = new SortedLongs(1_000)) {
            for (long v : values) sorted.add(v);
            assertEquals(values.length, sorted.size());
            try (SortedLongs.Cursor c = sorted.sorted()) {
                for (int i = 0; i < read.length; i++) read[i] = c.next();
                assertEquals(false, c.hasNext());
            }
        }
        Arrays.sort(values);
        assertArrayEquals(values, read);
    }
}

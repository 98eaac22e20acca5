package org.bgctl.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The start-up's lateness is reported apart and left out of the percentiles unless asked for. */
class LatenessTest {

    @Test
    void theStartUpSampleIsReportedApart() {
        Lateness lateness = new Lateness();
        assertEquals(new Lateness.Stats(0, 0, 0, 0, 0), lateness.stats());
        lateness.record(4_600_000_000L);
        assertEquals(new Lateness.Stats(0, 0, 0, 0, 4600), lateness.stats());
        for (int ms = 1; ms <= 100; ms++) lateness.record(ms * 1_000_000L);
        assertEquals(new Lateness.Stats(100, 50, 99, 100, 4600), lateness.stats());
        assertEquals(new Lateness.Stats(101, 51, 100, 4600, 4600), lateness.stats(0), "all, when asked");
        assertEquals(4600.0, lateness.stats().fields().get("lateness_startup_ms"));
    }
}

package org.bgctl.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.bgctl.scheduler.TimeBounds;
import org.junit.jupiter.api.Test;

/** The speeds a scaled clock takes: up to 100 years of virtual time a wall second, where time cannot overflow. */
class TimeScaleTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void theFastestSpeedKeepsVirtualTimeInRangeAndAFasterOneIsRefused() {
        TimeScale fastest = new TimeScale(771_359, 0, TimeScale.MAX_SPEED);
        assertEquals(771_359 + TimeBounds.MAX_TIME, fastest.virtualAt(SECOND));
        assertTrue(fastest.virtualAt(3600 * SECOND) > fastest.virtualAt(SECOND), "time goes forward");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new TimeScale(771_359, 0, 1e308));
        assertEquals("speed must be a positive number of virtual seconds per wall second, at most 3153600000, was 1.0E308",
                e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new TimeScale(0, 0, Double.POSITIVE_INFINITY));
    }
}

package org.bgctl.scheduler;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.bgctl.machine.flat.FlatMachine;
import org.junit.jupiter.api.Test;

class TimeBoundsTest {

    @Test
    void theBoundsAreTenAndAHundredYearsOfVirtualSeconds() {
        assertEquals(315_360_000L, TimeBounds.MAX_DURATION);
        assertEquals(3_153_600_000L, TimeBounds.MAX_TIME);
        assertEquals("315360000 s (10 years)", TimeBounds.describe(TimeBounds.MAX_DURATION));
    }

    @Test
    void aSumThatWouldOverflowSaturatesInsteadOfWrappingIntoThePast() {
        assertEquals(30, TimeBounds.plus(10, 20));
        assertEquals(Long.MAX_VALUE, TimeBounds.plus(176, Long.MAX_VALUE));
        assertEquals(Long.MAX_VALUE, TimeBounds.plus(Long.MAX_VALUE - 1, 1, 1));
        assertEquals(Long.MIN_VALUE, TimeBounds.plus(-5, Long.MIN_VALUE));
        assertEquals(Long.MAX_VALUE - 1, TimeBounds.plus(Long.MAX_VALUE - 1, 0));
    }

    @Test
    void aRunningJobWithAnEnormousRunTimeEndsNeverRatherThanBeforeItStarts() {
        Job job = Job.of(1, 0, Long.MAX_VALUE, Long.MAX_VALUE, 4);
        RunningJob running = new RunningJob(job, 176, FlatMachine.allocationOf(4), 3);
        assertEquals(Long.MAX_VALUE, running.end());
        assertEquals(Long.MAX_VALUE, running.estimatedEnd());
        assertEquals(Long.MAX_VALUE, running.paused(Long.MAX_VALUE).end());
    }
}

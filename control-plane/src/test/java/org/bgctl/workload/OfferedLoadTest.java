package org.bgctl.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.bgctl.scheduler.Job;
import org.junit.jupiter.api.Test;

class OfferedLoadTest {

    /** Work 4·100 + 2·300 + 8·25 = 1200 node-seconds submitted over 100 s. */
    private static final List<Job> JOBS = List.of(Job.of(1, 0, 100, 100, 4), Job.of(2, 50, 300, 300, 2),
            Job.of(3, 100, 25, 25, 8));

    @Test
    void workOverArrivalSpanTimesNodes() {
        assertEquals(1200.0 / (100 * 16), OfferedLoad.of(JOBS, 16), 1e-12);
        assertEquals(1200.0 / (100 * 32), OfferedLoad.of(JOBS, 32), 1e-12);
    }

    @Test
    void noSpanNoLoad() {
        assertTrue(Double.isNaN(OfferedLoad.of(List.of(), 16)));
        assertTrue(Double.isNaN(OfferedLoad.of(List.of(Job.of(1, 5, 100, 100, 4), Job.of(2, 5, 10, 10, 1)), 16)));
    }

    @Test
    void theArrivalScaleForATargetIsTheRatioOfLoads() {
        assertEquals(1.5, OfferedLoad.arrivalScaleFor(0.75, 0.5), 1e-12);
        assertEquals(0.75, OfferedLoad.arrivalScaleFor(0.75, 1.0), 1e-12);
        assertThrows(IllegalArgumentException.class, () -> OfferedLoad.arrivalScaleFor(0.75, 0));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> OfferedLoad.arrivalScaleFor(Double.NaN, 0.5));
        assertTrue(e.getMessage().contains("no measurable offered load"), e.getMessage());
    }
}

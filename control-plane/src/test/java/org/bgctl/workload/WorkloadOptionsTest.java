package org.bgctl.workload;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class WorkloadOptionsTest {

    private static String error(WorkloadOptions.Builder builder) {
        return assertThrows(IllegalArgumentException.class, builder::build).getMessage();
    }

    @Test
    void defaultsLeaveTheTraceUnchanged() {
        assertEquals(new WorkloadOptions(0, Long.MIN_VALUE, Long.MAX_VALUE, 1, 1, 1.0, 1.0, EstimateSource.REQUESTED, false),
                WorkloadOptions.defaults());
    }

    @Test
    void builderRoundTrips() {
        WorkloadOptions options = WorkloadOptions.builder().firstJobs(500).submitWindow(10, 20).sizeMultiply(2)
                .sizeDivide(3).runtimeCoefficient(1.2).arrivalScale(0.8).estimateSource(EstimateSource.EXACT)
                .enforceWalltime(true).build();
        assertEquals(options, options.toBuilder().build());
        assertEquals(new WorkloadOptions(500, 10, 20, 2, 3, 1.2, 0.8, EstimateSource.EXACT, true), options);
    }

    @Test
    void invalidOptionsAreNamed() {
        assertEquals("--first must be 0 (all) or positive, was -1", error(WorkloadOptions.builder().firstJobs(-1)));
        assertEquals("--from (5) must be below --to (5)", error(WorkloadOptions.builder().submitWindow(5, 5)));
        assertEquals("--from (" + Long.MAX_VALUE + ") must be below the last second, " + Long.MAX_VALUE,
                error(WorkloadOptions.builder().submitWindow(Long.MAX_VALUE, Long.MAX_VALUE)));
        assertEquals("--size-multiply must be at least 1, was 0", error(WorkloadOptions.builder().sizeMultiply(0)));
        assertEquals("--size-divide must be at least 1, was 0", error(WorkloadOptions.builder().sizeDivide(0)));
        assertEquals("--runtime-coefficient must be positive and finite, was 0.0",
                error(WorkloadOptions.builder().runtimeCoefficient(0)));
        assertEquals("--arrival-scale must be positive and finite, was NaN",
                error(WorkloadOptions.builder().arrivalScale(Double.NaN)));
        assertThrows(NullPointerException.class, () -> WorkloadOptions.builder().estimateSource(null).build());
    }
}

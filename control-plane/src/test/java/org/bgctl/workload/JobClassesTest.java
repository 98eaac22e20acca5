package org.bgctl.workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.bgctl.machine.flat.FlatMachine;
import org.bgctl.scheduler.Communication;
import org.bgctl.swf.TestTraces;
import org.junit.jupiter.api.Test;

class JobClassesTest {

    /** The communication class of every job of the SDSC-SP2 excerpt under {@code classes}. */
    private static List<Communication> classes(JobClasses classes) throws IOException {
        WorkloadOptions options = WorkloadOptions.builder().jobClasses(classes).build();
        List<Communication> out = new ArrayList<>();
        try (Workload w = new Workload(TestTraces.resource("/traces/sdsc-sp2-excerpt.swf", false), options,
                new FlatMachine(128))) {
            w.forEachRemaining(j -> out.add(j.job().communication()));
        }
        return out;
    }

    private static List<Boolean> intensive(List<Communication> classes) {
        return classes.stream().map(Communication::intensive).toList();
    }

    @Test
    void theSameSeedAndFractionMarkTheSameJobsWhateverTheGain() throws IOException {
        List<Communication> fixed = classes(new JobClasses(0.3, 0.25, JobClasses.Spread.FIXED, 5));
        List<Communication> random = classes(new JobClasses(0.3, 0.4, JobClasses.Spread.RANDOM, 5));
        assertEquals(intensive(fixed), intensive(random));
        assertEquals(fixed, classes(new JobClasses(0.3, 0.25, JobClasses.Spread.FIXED, 5)));
        assertNotEquals(intensive(fixed), intensive(classes(new JobClasses(0.3, 0.25, JobClasses.Spread.FIXED, 6))));
    }

    @Test
    void aboutTheFractionOfJobsIsCommunicationIntensive() throws IOException {
        List<Communication> c = classes(new JobClasses(0.15, 0.25, JobClasses.Spread.FIXED, 1));
        long ci = c.stream().filter(Communication::intensive).count();
        assertTrue(ci > 0.1 * c.size() && ci < 0.2 * c.size(), ci + " of " + c.size());
        for (Communication x : c) assertEquals(x.intensive() ? 0.25 : 0, x.contiguousGain());
    }

    @Test
    void randomGainsSpreadOverZeroToTwiceTheGain() throws IOException {
        List<Communication> c = classes(new JobClasses(1, 0.2, JobClasses.Spread.RANDOM, 1));
        double min = c.stream().mapToDouble(Communication::contiguousGain).min().orElseThrow();
        double max = c.stream().mapToDouble(Communication::contiguousGain).max().orElseThrow();
        double mean = c.stream().mapToDouble(Communication::contiguousGain).average().orElseThrow();
        assertTrue(min >= 0 && min < 0.02 && max < 0.4 && max > 0.38, min + ".." + max);
        assertEquals(0.2, mean, 0.02);
    }

    @Test
    void badOptionsAreNamed() {
        assertEquals("--ci-fraction (the fraction of communication-intensive jobs) must be in [0, 1], was 1.5",
                assertThrows(IllegalArgumentException.class, () -> new JobClasses(1.5, 0, JobClasses.Spread.FIXED, 1))
                        .getMessage());
        assertEquals("with --ci-gain-spread random (gains in [0, 2X]) --ci-gain X must be below 0.5, was 0.6",
                assertThrows(IllegalArgumentException.class,
                        () -> new JobClasses(0.5, 0.6, JobClasses.Spread.RANDOM, 1))
                        .getMessage());
    }
}

package org.bgctl.faults;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.HealthChange;
import org.bgctl.scheduler.HealthChanges;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RandomChangesTest {

    private static final FaultModel BGL_MODEL = FaultModel.NONE
            .with(ComponentKind.MIDPLANE, FailureLaw.parse("exponential(500000)/exponential(3600)"))
            .with(ComponentKind.CABLE, FailureLaw.parse("weibull(0.7, 2000000)/weibull(1.5, 7200)"));

    private static List<HealthChange> first(HealthChanges changes, int n) {
        List<HealthChange> taken = new ArrayList<>();
        while (taken.size() < n) taken.addAll(changes.takeAt(changes.nextTime()));
        return taken;
    }

    @Test
    void theSameSeedDrawsTheSameChangesAndAnotherSeedOthers() {
        MachineModel bgl = MachineCatalog.create("bgl");
        List<HealthChange> one = first(new RandomChanges(BGL_MODEL, bgl, 7), 2000);
        assertEquals(one, first(new RandomChanges(BGL_MODEL, MachineCatalog.create("bgl"), 7), 2000));
        assertNotEquals(one, first(new RandomChanges(BGL_MODEL, bgl, 8), 2000));
        assertTrue(one.stream().anyMatch(c -> c.component().startsWith("mp-")));
        assertTrue(one.stream().anyMatch(c -> c.component().startsWith("cable-")));
        assertTrue(one.stream().noneMatch(c -> c.component().startsWith("sw-")), "switches have no law");
    }

    @Test
    void eachComponentFailsThenIsRepairedInTurnAndTimeNeverGoesBack() {
        Map<String, Boolean> up = new HashMap<>();
        long last = 0;
        for (HealthChange c : first(new RandomChanges(BGL_MODEL, MachineCatalog.create("bgl"), 1), 3000)) {
            assertTrue(c.time() >= last);
            last = c.time();
            assertEquals(!c.up(), up.getOrDefault(c.component(), true), "alternates: " + c);
            up.put(c.component(), c.up());
        }
    }

    @Test
    void theFractionOfNodeTimeDownIsTheLawsMeanRepairOverMeanCycle() {
        MachineModel flat = MachineCatalog.create("flat:400");
        FaultModel model = FaultModel.NONE.with(ComponentKind.NODE, FailureLaw.parse("exponential(20000)/weibull(2, 2000)"));
        HealthChanges changes = new RandomChanges(model, flat, 3);
        long horizon = 20_000_000;
        Map<String, Long> since = new HashMap<>();
        long down = 0;
        while (changes.nextTime() <= horizon) {
            for (HealthChange c : changes.takeAt(changes.nextTime())) {
                if (!c.up()) since.put(c.component(), c.time());
                else down += c.time() - since.remove(c.component());
            }
        }
        for (long s : since.values()) down += horizon - s;
        double mttr = new Distribution.Weibull(2, 2000).mean();
        double expected = mttr / (20000 + mttr);
        double measured = (double) down / (400.0 * horizon);
        assertEquals(expected, measured, expected * 0.03, "down fraction");
    }

    @Test
    void samplesHaveTheirDistributionsMeans() {
        for (Distribution d : List.of(Distribution.parse("exponential(1000)"), Distribution.parse("weibull(0.7, 1000)"),
                Distribution.parse("weibull(2,1000)"))) {
            SplittableRandom random = new SplittableRandom(11);
            double sum = 0;
            int n = 200_000;
            for (int i = 0; i < n; i++) sum += d.sample(random);
            assertEquals(d.mean(), sum / n, d.mean() * 0.02, d.text());
        }
        assertEquals(Math.sqrt(Math.PI) / 2 * 1000, new Distribution.Weibull(2, 1000).mean(), 1e-6);
        assertEquals(1000, new Distribution.Weibull(1, 1000).mean(), 1e-6);
    }

    /** The error named neither the option nor the fault model file and line that gave the law ("fault model: ..."). */
    @Test
    void aKindTheMachineDoesNotHaveIsAnErrorWhereItWasGiven(@TempDir Path dir) throws Exception {
        FaultModel midplanes = FaultModel.NONE.with(ComponentKind.MIDPLANE, FailureLaw.parse("exponential(1)/exponential(1)"));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RandomChanges(midplanes, MachineCatalog.create("flat:8"), 1));
        assertEquals("--fault-midplane: flat:8 has no midplane components", e.getMessage());
        Path file = Files.writeString(dir.resolve("model.conf"),
                "# nodes\nnode { ttf = \"exponential(1)\", ttr = \"exponential(1)\" }\n");
        e = assertThrows(IllegalArgumentException.class,
                () -> new RandomChanges(FaultModel.read(file), MachineCatalog.create("bgl"), 1));
        assertEquals("fault model " + file + ": 2: node: bgl has no node components", e.getMessage());
    }
}

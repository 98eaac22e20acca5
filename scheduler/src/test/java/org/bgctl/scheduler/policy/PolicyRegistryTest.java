package org.bgctl.scheduler.policy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import org.bgctl.machine.MachineCatalog;
import org.bgctl.scheduler.GangSettings;
import org.bgctl.scheduler.SchedulerSettings;
import org.junit.jupiter.api.Test;

class PolicyRegistryTest {

    @Test
    void theBuiltInSchedulersAndTheirCapabilities() {
        assertEquals(List.of("fcfs", "easy", "conservative", "free-list", "buddy", "selective-buddy", "nqs",
                "krevat-fcfs", "krevat-backfill", "krevat-migration", "krevat-bm", "pfcfs"), PolicyRegistry.names());
        assertEquals(List.of("krevat-migration", "krevat-bm"),
                PolicyRegistry.all().stream().filter(RegisteredPolicy::migrates).map(RegisteredPolicy::name).toList());
        assertEquals(List.of("pfcfs"),
                PolicyRegistry.all().stream().filter(RegisteredPolicy::preempts).map(RegisteredPolicy::name).toList());
        for (RegisteredPolicy p : PolicyRegistry.all())
            assertEquals(p.name(), Policies.create(p.name()).name(), "the policy answers to its registered name");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Policies.create("sjf"));
        assertEquals("unknown scheduler 'sjf'; known: " + String.join(", ", PolicyRegistry.names()), e.getMessage());
    }

    @Test
    void pfcfsRunsOnFlatMachinesAndOnMachinesOfUnits() {
        assertEquals(List.of("flat:N", "bgl", "torus-bgl", "bgl-slurm", "supernode[:XxYxZ[/N]]", "FILE.conf"),
                PolicyRegistry.machinesBySchedulers().get("pfcfs"));
        assertTrue(PolicyRegistry.namesFor(MachineCatalog.create("supernode")).contains("pfcfs"));
    }

    @Test
    void theDefaultsComeFromReferenceConf() {
        SchedulerSettings defaults = SchedulerSettings.defaults();
        assertEquals(GangSettings.defaults(), defaults.gang());
        assertEquals(0, defaults.bootDelay());
        assertEquals(1, defaults.backfillIncrease());
        assertEquals(SchedulerSettings.STANDARD_FN_TOR, defaults.migrationFnTor());
        assertEquals(SchedulerSettings.STANDARD_FN_MAX, defaults.migrationFnMax());
        assertEquals(new SchedulerSettings(0, 1, 0.1, 0.7, 0), defaults);
    }

    @Test
    void aWordStandsForTheSettingItNames() {
        SchedulerSettings gang = SchedulerSettings.defaults().with("pfcfs_gang", 240).with("pfcfs_delay", "gang");
        assertEquals(new GangSettings(40, 240, 240, 1, 0), gang.gang());
        assertEquals(240L, ((Map<?, ?>) gang.fields("pfcfs").get("pfcfs")).get("start_delay_s"));
    }

    @Test
    void theSummaryRecordsOnlyWhatTheSchedulerReads() {
        SchedulerSettings s = SchedulerSettings.defaults();
        assertEquals("{boot_delay_s=0}", s.fields("krevat-fcfs").toString());
        assertEquals("{boot_delay_s=0, backfill_increase=1}", s.fields("krevat-backfill").toString());
        assertEquals("{boot_delay_s=0, backfill_increase=1, migration_fn_tor=0.1, migration_fn_max=0.7,"
                + " migration_cost_s=0}", s.fields("krevat-bm").toString());
        assertEquals("{boot_delay_s=0, pfcfs={wide_percent=40.0, start_delay_s=60, gang_length_s=600, max_switches=1,"
                + " switch_penalty_s=0}}", s.fields("pfcfs").toString());
    }

    @Test
    void aBadValueIsRefusedByItsRule() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulerSettings.defaults().with("migration_fn_tor", 1.5));
        assertEquals("the migration threshold FN_tor must be in [0, 1], was 1.5", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> new SchedulerSettings(-1, 1, 0.1, 0.7, 0));
        e = assertThrows(IllegalArgumentException.class, () -> SchedulerSettings.defaults().with("pfcfs_gang", "long"));
        assertEquals("not a whole number", e.getMessage());
    }

    @Test
    void aDurationSettingIsAtMostTheTenYearsOfARunTime() {
        // --boot-delay 9223372036854775807 was taken: every job then never started, one of them with size 0
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulerSettings.defaults().with("boot_delay", Long.MAX_VALUE));
        assertEquals("the boot delay must be from 0 to 315360000 s (10 years), was 9223372036854775807", e.getMessage());
        for (String key : List.of("migration_cost", "pfcfs_delay", "pfcfs_gang", "switch_penalty")) {
            assertThrows(IllegalArgumentException.class, () -> SchedulerSettings.defaults().with(key, 315_360_001L), key);
            SchedulerSettings.defaults().with(key, 315_360_000L); // the bound itself is taken
        }
        e = assertThrows(IllegalArgumentException.class, () -> SchedulerSettings.defaults().with("pfcfs_gang", 0L));
        assertEquals("the gang length Δ must be from 1 to 315360000 s (10 years), was 0", e.getMessage());
    }

    @Test
    void aRegistrationIsCheckedAndCanBeUndone() {
        assertThrows(IllegalArgumentException.class, () -> PolicyRegistry.register(
                RegisteredPolicy.of("fcfs", "again", List.of(), c -> new Fcfs())));
        PolicySetting otherBoot = new PolicySetting("boot_delay", "bgctl.policy.boot-delay", "S", SettingType.NUMBER,
                "boot", "another boot delay", PolicySetting.Rule.ANY);
        assertThrows(IllegalArgumentException.class, () -> PolicyRegistry.register(
                RegisteredPolicy.of("other", "reads another boot delay", List.of(otherBoot), c -> new Fcfs())));
        PolicySetting noDefault = new PolicySetting("nowhere", "bgctl.policy.nowhere.x", "X", SettingType.NUMBER,
                "nowhere", "a setting without a default", PolicySetting.Rule.ANY);
        assertRefused(() -> PolicyRegistry.register(RegisteredPolicy.of("nowhere", "no default", List.of(noDefault),
                c -> new Fcfs())), "setting nowhere has no default at bgctl.policy.nowhere.x in reference.conf");
        try (PolicyRegistry.Registration r = PolicyRegistry.register(RegisteredPolicy.of("fcfs-too", "FCFS again",
                List.of(PolicyRegistry.BACKFILL_INCREASE), c -> new Fcfs()))) {
            assertTrue(PolicyRegistry.names().contains("fcfs-too"));
            assertEquals(List.of("krevat-backfill", "krevat-bm", "fcfs-too"), PolicyRegistry.readersOf("backfill_increase"));
        }
        assertTrue(!PolicyRegistry.names().contains("fcfs-too"));
    }

    private static void assertRefused(Runnable r, String message) {
        assertEquals(message, assertThrows(IllegalArgumentException.class, r::run).getMessage());
    }
}

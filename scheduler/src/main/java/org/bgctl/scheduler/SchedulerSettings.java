package org.bgctl.scheduler;

import static org.bgctl.scheduler.policy.PolicyRegistry.BACKFILL_INCREASE;
import static org.bgctl.scheduler.policy.PolicyRegistry.BOOT_DELAY;
import static org.bgctl.scheduler.policy.PolicyRegistry.MIGRATION_COST;
import static org.bgctl.scheduler.policy.PolicyRegistry.MIGRATION_FN_MAX;
import static org.bgctl.scheduler.policy.PolicyRegistry.MIGRATION_FN_TOR;
import static org.bgctl.scheduler.policy.PolicyRegistry.PFCFS_DELAY;
import static org.bgctl.scheduler.policy.PolicyRegistry.PFCFS_GANG;
import static org.bgctl.scheduler.policy.PolicyRegistry.PFCFS_SWITCHES;
import static org.bgctl.scheduler.policy.PolicyRegistry.PFCFS_THRESHOLD;
import static org.bgctl.scheduler.policy.PolicyRegistry.SWITCH_PENALTY;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import org.bgctl.scheduler.policy.PolicyRegistry;
import org.bgctl.scheduler.policy.SettingValues;

/**
 * The parameters of a run's scheduler: the values of the registered schedulers' settings (defaults in
 * reference.conf under {@code bgctl.policy}: Krevat et al. 2002's apart from the boot delay, which is 0 so that a
 * job starts at the instant it is scheduled unless asked; Schwiegelshohn and Yahyapour 1998's for pfcfs) and the
 * allocation protocol's (from {@code bgctl.scheduler}, defaults in reference.conf). The accessors below read the
 * built-in schedulers' settings; a registered scheduler reads its own from {@link #values()}.
 *
 * @param values       every registered setting's value
 * @param phaseTimeout how long a reservation phase waits for its agents before giving up
 * @param maxRetries   passes planned again at one instant after refusals that revealed failures
 */
public record SchedulerSettings(SettingValues values, Duration phaseTimeout, int maxRetries) {

    /** The paper's FN_tor threshold: migrate only when at least a tenth of the torus is free. */
    public static final double STANDARD_FN_TOR = 0.1;

    /** The paper's FN_max threshold: migrate only when the largest free partition holds at most 70% of it. */
    public static final double STANDARD_FN_MAX = 0.7;

    /** The protocol's defaults, as in reference.conf. */
    public static final Duration DEFAULT_PHASE_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_RETRIES = 3;

    public SchedulerSettings {
        Objects.requireNonNull(values, "values");
        if (phaseTimeout.isNegative() || phaseTimeout.isZero())
            throw new IllegalArgumentException("bgctl.scheduler.phase-timeout must be positive, was " + phaseTimeout);
        if (maxRetries < 0) throw new IllegalArgumentException("bgctl.scheduler.max-retries must not be negative, was " + maxRetries);
    }

    /**
     * The built-in policies' and the protocol's parameters; the other registered settings at their defaults.
     *
     * @param bootDelay        seconds between a job's schedule event and its start (the paper uses 1 s)
     * @param backfillIncrease I: the most supernodes by which backfilling raises a job's size
     * @param migrationFnTor   migrate only when free units / all units is at least this
     * @param migrationFnMax   migrate only when units of the largest free partition / free units is at most this
     * @param migrationCost    seconds a migration adds to the run of each job it moves
     * @param gang             the parameters of preemptive FCFS (pfcfs)
     */
    public SchedulerSettings(long bootDelay, int backfillIncrease, double migrationFnTor, double migrationFnMax,
                             long migrationCost, Duration phaseTimeout, int maxRetries, GangSettings gang) {
        this(gangValues(PolicyRegistry.defaultValues().with(BOOT_DELAY.key(), bootDelay)
                .with(BACKFILL_INCREASE.key(), backfillIncrease).with(MIGRATION_FN_TOR.key(), migrationFnTor)
                .with(MIGRATION_FN_MAX.key(), migrationFnMax).with(MIGRATION_COST.key(), migrationCost), gang),
                phaseTimeout, maxRetries);
    }

    /** The policies' and the protocol's parameters, with preemptive FCFS's defaults. */
    public SchedulerSettings(long bootDelay, int backfillIncrease, double migrationFnTor, double migrationFnMax,
                             long migrationCost, Duration phaseTimeout, int maxRetries) {
        this(bootDelay, backfillIncrease, migrationFnTor, migrationFnMax, migrationCost, phaseTimeout, maxRetries,
                GangSettings.defaults());
    }

    /** The policy's parameters, with the protocol's defaults. */
    public SchedulerSettings(long bootDelay, int backfillIncrease, double migrationFnTor, double migrationFnMax,
                             long migrationCost) {
        this(bootDelay, backfillIncrease, migrationFnTor, migrationFnMax, migrationCost, DEFAULT_PHASE_TIMEOUT,
                DEFAULT_MAX_RETRIES);
    }

    /** Every registered setting at its reference.conf default; the protocol's defaults. */
    public static SchedulerSettings defaults() {
        return new SchedulerSettings(PolicyRegistry.defaultValues(), DEFAULT_PHASE_TIMEOUT, DEFAULT_MAX_RETRIES);
    }

    /** The default policy parameters with the protocol's settings under {@code bgctl.scheduler} of {@code config}. */
    public static SchedulerSettings from(Config config) {
        return defaults().withProtocol(config);
    }

    /** These settings with the protocol's settings under {@code bgctl.scheduler} of {@code config}. */
    public SchedulerSettings withProtocol(Config config) {
        Config c = config.getConfig("bgctl.scheduler");
        return new SchedulerSettings(values, c.getDuration("phase-timeout"), c.getInt("max-retries"));
    }

    /**
     * These settings with setting {@code key} set to {@code value}.
     *
     * @throws IllegalArgumentException for an unknown key or a value its setting refuses
     */
    public SchedulerSettings with(String key, Object value) {
        return new SchedulerSettings(values.with(key, value), phaseTimeout, maxRetries);
    }

    /** These settings with migration always attempted (FN_tor >= 0.0, FN_max <= 1.0). */
    public SchedulerSettings alwaysMigrating() {
        return with(MIGRATION_FN_TOR.key(), 0.0).with(MIGRATION_FN_MAX.key(), 1.0);
    }

    /** These settings with preemptive FCFS's parameters {@code gang}. */
    public SchedulerSettings withGang(GangSettings gang) {
        return new SchedulerSettings(gangValues(values, gang), phaseTimeout, maxRetries);
    }

    private static SettingValues gangValues(SettingValues values, GangSettings gang) {
        return values.with(PFCFS_THRESHOLD.key(), gang.widePercent()).with(PFCFS_DELAY.key(), gang.startDelay())
                .with(PFCFS_GANG.key(), gang.gangLength()).with(PFCFS_SWITCHES.key(), gang.maxSwitches())
                .with(SWITCH_PENALTY.key(), gang.penalty());
    }

    /** Seconds between a job's schedule event and its start (the paper uses 1 s). */
    public long bootDelay() {
        return values.whole(BOOT_DELAY.key());
    }

    /** I: the most supernodes by which Krevat's backfilling raises a job's size. */
    public int backfillIncrease() {
        return values.integer(BACKFILL_INCREASE.key());
    }

    /** Migrate only when free units / all units is at least this. */
    public double migrationFnTor() {
        return values.number(MIGRATION_FN_TOR.key());
    }

    /** Migrate only when units of the largest free partition / free units is at most this. */
    public double migrationFnMax() {
        return values.number(MIGRATION_FN_MAX.key());
    }

    /** Seconds a migration adds to the run of each job it moves. */
    public long migrationCost() {
        return values.whole(MIGRATION_COST.key());
    }

    /** The parameters of preemptive FCFS (pfcfs); δ given as "gang" is Δ. */
    public GangSettings gang() {
        return new GangSettings(values.number(PFCFS_THRESHOLD.key()), values.whole(PFCFS_DELAY.key()),
                values.whole(PFCFS_GANG.key()), values.integer(PFCFS_SWITCHES.key()), values.whole(SWITCH_PENALTY.key()));
    }

    /** Whether every failed FCFS pass attempts a migration, whatever the free units. */
    public boolean migratesAlways() {
        return migrationFnTor() == 0.0 && migrationFnMax() == 1.0;
    }

    /** The settings scheduler {@code name} reads, as summary.json's {@code scheduler_settings} records them. */
    public Map<String, Object> fields(String scheduler) {
        return PolicyRegistry.summaryFields(scheduler, values);
    }
}

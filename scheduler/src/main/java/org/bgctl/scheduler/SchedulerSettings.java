package org.bgctl.scheduler;

import com.typesafe.config.Config;
import java.time.Duration;
import java.util.Objects;

/**
 * The parameters of a run's scheduler: the policy's (Krevat et al. 2002, with the paper's defaults
 * apart from the boot delay, which is 0 so that a job starts at the instant it is scheduled unless
 * asked) and the allocation protocol's (from {@code bgctl.scheduler}, defaults in reference.conf).
 *
 * @param bootDelay         seconds between a job's schedule event and its start (the paper uses 1 s)
 * @param backfillIncrease  I: the most supernodes by which backfilling raises a job's size (default 1)
 * @param migrationFnTor    migrate only when free units / all units is at least this (default 0.1)
 * @param migrationFnMax    migrate only when units of the largest free partition / free units is at most
 *                          this (default 0.7); 0.0 and 1.0 for the two make migration "always"
 * @param migrationCost     seconds a migration adds to the run of each job it moves (default 0)
 * @param phaseTimeout      how long a reservation phase waits for its agents before giving up
 * @param maxRetries        passes planned again at one instant after refusals that revealed failures
 * @param gang              the parameters of preemptive FCFS (pfcfs)
 */
public record SchedulerSettings(long bootDelay, int backfillIncrease, double migrationFnTor, double migrationFnMax,
                                long migrationCost, Duration phaseTimeout, int maxRetries, GangSettings gang) {

    /** The paper's FN_tor threshold: migrate only when at least a tenth of the torus is free. */
    public static final double STANDARD_FN_TOR = 0.1;

    /** The paper's FN_max threshold: migrate only when the largest free partition holds at most 70% of it. */
    public static final double STANDARD_FN_MAX = 0.7;

    /** The protocol's defaults, as in reference.conf. */
    public static final Duration DEFAULT_PHASE_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_RETRIES = 3;

    public SchedulerSettings {
        if (bootDelay < 0) throw new IllegalArgumentException("the boot delay must not be negative, was " + bootDelay);
        if (backfillIncrease < 0)
            throw new IllegalArgumentException("the backfill size increase I must not be negative, was " + backfillIncrease);
        requireFraction("FN_tor", migrationFnTor);
        requireFraction("FN_max", migrationFnMax);
        if (migrationCost < 0)
            throw new IllegalArgumentException("the migration cost must not be negative, was " + migrationCost);
        if (phaseTimeout.isNegative() || phaseTimeout.isZero())
            throw new IllegalArgumentException("bgctl.scheduler.phase-timeout must be positive, was " + phaseTimeout);
        if (maxRetries < 0) throw new IllegalArgumentException("bgctl.scheduler.max-retries must not be negative, was " + maxRetries);
        Objects.requireNonNull(gang, "gang");
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

    private static void requireFraction(String name, double value) {
        if (!(value >= 0 && value <= 1))
            throw new IllegalArgumentException("the migration threshold " + name + " must be in [0, 1], was " + value);
    }

    /** No boot delay, I = 1, FN_tor >= 0.1, FN_max <= 0.7, no migration cost; the protocol's defaults. */
    public static SchedulerSettings defaults() {
        return new SchedulerSettings(0, 1, STANDARD_FN_TOR, STANDARD_FN_MAX, 0);
    }

    /** The default policy parameters with the protocol's settings under {@code bgctl.scheduler} of {@code config}. */
    public static SchedulerSettings from(Config config) {
        return defaults().withProtocol(config);
    }

    /** These settings with the protocol's settings under {@code bgctl.scheduler} of {@code config}. */
    public SchedulerSettings withProtocol(Config config) {
        Config c = config.getConfig("bgctl.scheduler");
        return new SchedulerSettings(bootDelay, backfillIncrease, migrationFnTor, migrationFnMax, migrationCost,
                c.getDuration("phase-timeout"), c.getInt("max-retries"), gang);
    }

    /** These settings with migration always attempted (FN_tor >= 0.0, FN_max <= 1.0). */
    public SchedulerSettings alwaysMigrating() {
        return new SchedulerSettings(bootDelay, backfillIncrease, 0.0, 1.0, migrationCost, phaseTimeout, maxRetries,
                gang);
    }

    /** These settings with preemptive FCFS's parameters {@code gang}. */
    public SchedulerSettings withGang(GangSettings gang) {
        return new SchedulerSettings(bootDelay, backfillIncrease, migrationFnTor, migrationFnMax, migrationCost,
                phaseTimeout, maxRetries, gang);
    }

    /** Whether every failed FCFS pass attempts a migration, whatever the free units. */
    public boolean migratesAlways() {
        return migrationFnTor == 0.0 && migrationFnMax == 1.0;
    }
}

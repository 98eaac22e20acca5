package org.bgctl.scheduler;

/**
 * The parameters of a run's scheduler (Krevat et al. 2002), with the paper's defaults apart from
 * the boot delay, which is 0 so that a job starts at the instant it is scheduled unless asked.
 *
 * @param bootDelay         seconds between a job's schedule event and its start (the paper uses 1 s)
 * @param backfillIncrease  I: the most supernodes by which backfilling raises a job's size (default 1)
 * @param migrationFnTor    migrate only when free units / all units is at least this (default 0.1)
 * @param migrationFnMax    migrate only when units of the largest free partition / free units is at most
 *                          this (default 0.7); 0.0 and 1.0 for the two make migration "always"
 * @param migrationCost     seconds a migration adds to the run of each job it moves (default 0)
 */
public record SchedulerSettings(long bootDelay, int backfillIncrease, double migrationFnTor, double migrationFnMax,
                                long migrationCost) {

    /** The paper's FN_tor threshold: migrate only when at least a tenth of the torus is free. */
    public static final double STANDARD_FN_TOR = 0.1;

    /** The paper's FN_max threshold: migrate only when the largest free partition holds at most 70% of it. */
    public static final double STANDARD_FN_MAX = 0.7;

    public SchedulerSettings {
        if (bootDelay < 0) throw new IllegalArgumentException("the boot delay must not be negative, was " + bootDelay);
        if (backfillIncrease < 0)
            throw new IllegalArgumentException("the backfill size increase I must not be negative, was " + backfillIncrease);
        requireFraction("FN_tor", migrationFnTor);
        requireFraction("FN_max", migrationFnMax);
        if (migrationCost < 0)
            throw new IllegalArgumentException("the migration cost must not be negative, was " + migrationCost);
    }

    private static void requireFraction(String name, double value) {
        if (!(value >= 0 && value <= 1))
            throw new IllegalArgumentException("the migration threshold " + name + " must be in [0, 1], was " + value);
    }

    /** No boot delay, I = 1, FN_tor >= 0.1, FN_max <= 0.7, no migration cost. */
    public static SchedulerSettings defaults() {
        return new SchedulerSettings(0, 1, STANDARD_FN_TOR, STANDARD_FN_MAX, 0);
    }

    /** These settings with migration always attempted (FN_tor >= 0.0, FN_max <= 1.0). */
    public SchedulerSettings alwaysMigrating() {
        return new SchedulerSettings(bootDelay, backfillIncrease, 0.0, 1.0, migrationCost);
    }

    /** Whether every failed FCFS pass attempts a migration, whatever the free units. */
    public boolean migratesAlways() {
        return migrationFnTor == 0.0 && migrationFnMax == 1.0;
    }
}

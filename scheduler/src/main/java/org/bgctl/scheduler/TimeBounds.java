package org.bgctl.scheduler;

/**
 * The documented upper bounds of the numbers a run takes in (docs/semantics.md, docs/api.md), and the
 * overflow-safe sum of a time and a duration. Inputs are checked against the bounds where they enter —
 * the live API, trace lines, fault files — so a start plus a run time never leaves the range of a
 * {@code long}; {@link #plus} saturates all the same, so that no arithmetic on times in the core can wrap
 * around to a time in the past.
 */
public final class TimeBounds {

    /** The longest run time, estimate or requested time of a job: 10 years of 365 days of virtual time, in seconds. */
    public static final long MAX_DURATION = 10L * 365 * 86_400;

    /** The latest time an input may name (a submit time, a fault's time): 100 years of 365 days, in seconds. */
    public static final long MAX_TIME = 100L * 365 * 86_400;

    private TimeBounds() {
    }

    /** {@code time + seconds}, or {@link Long#MAX_VALUE} (never) where the sum would overflow. */
    public static long plus(long time, long seconds) {
        long sum = time + seconds;
        if (((time ^ sum) & (seconds ^ sum)) < 0) return seconds > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        return sum;
    }

    /** {@code time + a + b}, saturating as {@link #plus(long, long)}. */
    public static long plus(long time, long a, long b) {
        return plus(plus(time, a), b);
    }

    /** How a bound reads in messages, e.g. {@code 315360000 s (10 years)}. */
    public static String describe(long bound) {
        return bound + " s (" + bound / (365 * 86_400) + " years)";
    }
}

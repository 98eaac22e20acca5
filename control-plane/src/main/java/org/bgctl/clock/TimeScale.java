package org.bgctl.clock;

import org.bgctl.scheduler.TimeBounds;

/**
 * Live time: virtual seconds run {@code speed} times as fast as the wall clock, from
 * {@code originVirtual} at wall time {@code originNanos} ({@link System#nanoTime()} scale).
 */
public record TimeScale(long originVirtual, long originNanos, double speed) {

    /**
     * The fastest speed: 100 years of virtual time ({@link TimeBounds#MAX_TIME}) a wall second. Faster, the virtual
     * second of a moment overflowed a {@code long} at once (a job submitted live at 9223372036854775807 s, ending
     * when it started), or wrapped around to a time in the past on a resumed run.
     */
    public static final double MAX_SPEED = TimeBounds.MAX_TIME;

    public TimeScale {
        requireSpeed("speed", speed);
    }

    /**
     * Refuses a speed that is not a positive number up to {@link #MAX_SPEED}.
     *
     * @param name how the message names the speed, e.g. the option that gave it
     * @throws IllegalArgumentException naming it, the bounds and the value
     */
    public static void requireSpeed(String name, double speed) {
        if (!(speed > 0) || speed > MAX_SPEED)
            throw new IllegalArgumentException(name + " must be a positive number of virtual seconds per wall second,"
                    + " at most " + (long) MAX_SPEED + ", was " + speed);
    }

    /** The virtual second current at wall time {@code nanos}. */
    public long virtualAt(long nanos) {
        return originVirtual + (long) Math.floor((nanos - originNanos) * speed / 1e9);
    }

    /** The wall time at which virtual second {@code t} begins; Long.MAX_VALUE when beyond the nanosecond count. */
    public long dueNanos(long t) {
        double offset = Math.ceil((t - originVirtual) * 1e9 / speed);
        if (offset >= (double) Long.MAX_VALUE - originNanos) return Long.MAX_VALUE;
        return originNanos + (long) offset;
    }
}

package org.bgctl.clock;

/**
 * Live time: virtual seconds run {@code speed} times as fast as the wall clock, from
 * {@code originVirtual} at wall time {@code originNanos} ({@link System#nanoTime()} scale).
 */
public record TimeScale(long originVirtual, long originNanos, double speed) {

    public TimeScale {
        if (!(speed > 0) || Double.isInfinite(speed))
            throw new IllegalArgumentException("speed must be a positive number of virtual seconds per second, was " + speed);
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

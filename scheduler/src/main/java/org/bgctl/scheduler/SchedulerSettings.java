package org.bgctl.scheduler;

import com.typesafe.config.Config;
import java.time.Duration;

/**
 * The scheduler's settings, from {@code bgctl.scheduler} (defaults in reference.conf).
 *
 * @param phaseTimeout how long a reservation phase waits for its agents before giving up
 * @param maxRetries   passes planned again at one instant after refusals that revealed failures
 */
public record SchedulerSettings(Duration phaseTimeout, int maxRetries) {

    public SchedulerSettings {
        if (phaseTimeout.isNegative() || phaseTimeout.isZero())
            throw new IllegalArgumentException("bgctl.scheduler.phase-timeout must be positive, was " + phaseTimeout);
        if (maxRetries < 0) throw new IllegalArgumentException("bgctl.scheduler.max-retries must not be negative, was " + maxRetries);
    }

    /** The settings under {@code bgctl.scheduler} of {@code config}. */
    public static SchedulerSettings from(Config config) {
        Config c = config.getConfig("bgctl.scheduler");
        return new SchedulerSettings(c.getDuration("phase-timeout"), c.getInt("max-retries"));
    }
}

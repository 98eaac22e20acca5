package org.bgctl.scheduler;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * The wall-clock meaning of a run's times: time 0 is the epoch second {@code epochSecond}
 * (an SWF trace's UnixStartTime), read in the time zone {@code zone} (its TimeZoneString). Used
 * where a policy or a report depends on the local time of day or the month, never to read a clock.
 *
 * @param epochSecond the Unix time of run time 0
 * @param zone        the site's time zone
 */
public record TraceCalendar(long epochSecond, ZoneId zone) {

    /** Time 0 is 1970-01-01 00:00 UTC: for traces that do not say. */
    public static final TraceCalendar UTC_EPOCH = new TraceCalendar(0, ZoneOffset.UTC);

    public TraceCalendar {
        Objects.requireNonNull(zone, "zone");
    }

    /** The local date and time of run time {@code t} (seconds). */
    public LocalDateTime local(long t) {
        return LocalDateTime.ofInstant(Instant.ofEpochSecond(epochSecond + t), zone);
    }

    /** The run time (seconds) of the local date and time {@code local}. */
    public long runTime(LocalDateTime local) {
        return local.atZone(zone).toEpochSecond() - epochSecond;
    }
}

package org.bgctl.swf;

import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZoneOffset;
import org.bgctl.scheduler.TraceCalendar;

/** The calendar of an SWF trace: time 0 is its UnixStartTime, local time is its TimeZoneString. */
public final class TraceCalendars {

    private TraceCalendars() {
    }

    /**
     * The calendar of {@code header}: UnixStartTime (0 when absent) in TimeZoneString (UTC when absent).
     *
     * @throws IllegalArgumentException when TimeZoneString names no time zone
     */
    public static TraceCalendar of(SwfHeader header) {
        long start = header.unixStartTime().orElse(0);
        ZoneId zone = header.timeZone().map(TraceCalendars::zone).orElse(ZoneOffset.UTC);
        return new TraceCalendar(start, zone);
    }

    private static ZoneId zone(String name) {
        try {
            return ZoneId.of(name.strip());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException("the trace header's TimeZoneString '" + name
                    + "' is not a time zone", e);
        }
    }
}

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
     * The calendar of {@code header}, the header of the trace {@code trace}: UnixStartTime (0 when absent) in
     * TimeZoneString (UTC when absent).
     *
     * @throws IllegalArgumentException naming the trace when TimeZoneString names no time zone
     */
    public static TraceCalendar of(SwfHeader header, String trace) {
        long start = header.unixStartTime().orElse(0);
        ZoneId zone = header.timeZone().map(name -> zone(name, trace)).orElse(ZoneOffset.UTC);
        return new TraceCalendar(start, zone);
    }

    private static ZoneId zone(String name, String trace) {
        try {
            return ZoneId.of(name.strip());
        } catch (DateTimeException e) {
            throw new IllegalArgumentException(trace + ": the header's TimeZoneString '" + name
                    + "' is not a time zone", e);
        }
    }
}

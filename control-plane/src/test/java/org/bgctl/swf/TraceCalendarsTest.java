package org.bgctl.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import org.bgctl.scheduler.TraceCalendar;
import org.junit.jupiter.api.Test;

class TraceCalendarsTest {

    @Test
    void timeZeroIsTheUnixStartTimeInTheTracesZone() {
        TraceCalendar c = TraceCalendars.of(SwfHeader.parse(List.of("; UnixStartTime: 893466664",
                "; TimeZoneString: US/Pacific")), "t.swf");
        assertEquals(new TraceCalendar(893466664, ZoneId.of("US/Pacific")), c);
        assertEquals(LocalDateTime.of(1998, 4, 24, 18, 11, 4), c.local(0));
        assertEquals(3600, c.runTime(LocalDateTime.of(1998, 4, 24, 19, 11, 4)));
    }

    @Test
    void aTraceThatDoesNotSayStartsAtTheEpochInUtc() {
        assertEquals(new TraceCalendar(0, ZoneOffset.UTC), TraceCalendars.of(SwfHeader.parse(List.of("; Version: 2")),
                "t.swf"));
    }

    /** The message named the value but not the trace it came from. */
    @Test
    void anUnknownTimeZoneIsNamedWithItsTrace() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> TraceCalendars.of(SwfHeader.parse(List.of("; TimeZoneString: Mars/Olympus")), "t.swf"));
        assertEquals("t.swf: the header's TimeZoneString 'Mars/Olympus' is not a time zone", e.getMessage());
    }
}

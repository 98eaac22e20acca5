package org.bgctl.machine.paragon;

import java.time.DayOfWeek;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.EnumSet;
import java.util.Set;

/**
 * When prime time is, in the site's local time: from {@code start} (inclusive) to {@code end}
 * (exclusive) on the given days.
 *
 * @param start first minute of prime time
 * @param end   first minute after it
 * @param days  the days that have a prime time
 */
public record PrimeTime(LocalTime start, LocalTime end, Set<DayOfWeek> days) {

    public PrimeTime {
        if (!start.isBefore(end))
            throw new IllegalArgumentException("prime time must start before it ends: " + start + "-" + end);
        if (days.isEmpty()) throw new IllegalArgumentException("prime time needs at least one day");
        days = Set.copyOf(EnumSet.copyOf(days));
    }

    /** The period of the local time {@code t}. */
    public Period periodAt(LocalDateTime t) {
        LocalTime time = t.toLocalTime();
        boolean prime = days.contains(t.getDayOfWeek()) && !time.isBefore(start) && time.isBefore(end);
        return prime ? Period.PRIME : Period.NON_PRIME;
    }
}

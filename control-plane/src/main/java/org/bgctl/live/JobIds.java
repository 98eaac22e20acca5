package org.bgctl.live;

/**
 * A job id as a caller gives it, in the path of {@code /api/jobs/ID} or to {@code bgctl cancel ID}. A run's jobs are
 * numbered from 1 — a trace's as SWF numbers them, those submitted live above them — so 0, a negative number or
 * anything but a whole number is bad input, not the id of a job that is not there.
 */
public final class JobIds {

    private JobIds() {
    }

    /**
     * The job id {@code text} gives: decimal digits, 1 or more.
     *
     * @throws IllegalArgumentException {@code expected a job id (1 or more), got TEXT}, saying when it is a number too
     *                                  large for a long
     */
    public static long parse(String text) {
        long id = 0;
        if (!text.isEmpty() && text.chars().allMatch(c -> c >= '0' && c <= '9')) {
            try {
                id = Long.parseLong(text);
            } catch (NumberFormatException tooLarge) {
                throw new IllegalArgumentException("expected a job id (1 or more), got " + text + ", larger than any"
                        + " job id (" + Long.MAX_VALUE + ")");
            }
        }
        if (id < 1) throw new IllegalArgumentException("expected a job id (1 or more), got " + text);
        return id;
    }
}

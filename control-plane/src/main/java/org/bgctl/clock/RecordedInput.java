package org.bgctl.clock;

import java.util.List;
import org.bgctl.scheduler.Job;
import org.bgctl.scheduler.Reservation;

/**
 * An input of a recorded run, at the virtual second {@link #time()} it was taken, for {@link RunClock} to feed again
 * in the same order.
 */
public sealed interface RecordedInput permits RecordedInput.Arrival, RecordedInput.Health, RecordedInput.Operation {

    long time();

    /**
     * Jobs that arrived together at {@code time}.
     *
     * @param afterInstant the run had already released an instant at {@code time} (for the ends due then) before these
     *                     jobs came; a replay must do the same to plan as the run did
     */
    record Arrival(long time, List<Job> jobs, boolean afterInstant) implements RecordedInput {
    }

    /**
     * A component failed ({@code up} false) or repaired with the instant of {@code time}: after the ends due then and
     * before the arrivals and the pass, as a server releases the changes of its fault file or model, and as it takes an
     * operator's change that comes before anything was planned at that second.
     */
    record Health(long time, String component, boolean up) implements RecordedInput {
    }

    /** What an operator did. */
    enum Kind { CANCEL, FAIL, REPAIR, RESTART, RESERVE, UNRESERVE }

    /**
     * An operator's cancellation ({@code jobId}), a component's failure or repair ({@code component}), a restart of
     * a server whose running jobs were then killed and requeued ({@code component}: the cause the kills name), a
     * reservation placed ({@code reservation}) or one cancelled ({@code component}: its name).
     */
    record Operation(long time, Kind kind, long jobId, String component, Reservation reservation)
            implements RecordedInput {

        /** Any operation but a reservation placed. */
        public Operation(long time, Kind kind, long jobId, String component) {
            this(time, kind, jobId, component, null);
        }
    }
}

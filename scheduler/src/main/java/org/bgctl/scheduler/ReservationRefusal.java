package org.bgctl.scheduler;

/**
 * Why a reservation cannot be placed, and which of its fields is at fault: {@code name} (taken), {@code end} (the
 * window has ended), {@code what} (running jobs hold its nodes during it) or {@code scheduler} (the scheduler cannot
 * keep windows). Sent as the error of the placement's status reply, so that the API can name the field; it is never
 * thrown, and has no stack trace.
 */
public final class ReservationRefusal extends RuntimeException {

    private final String field;

    public ReservationRefusal(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    /** The field of the reservation (or {@code scheduler}) that keeps it from being placed. */
    public String field() {
        return field;
    }
}

package org.bgctl.scheduler;

/**
 * Why an operator's operation is refused, and which of its fields is at fault. A reservation: {@code name} (taken),
 * {@code end} (the window has ended), {@code what} (running jobs hold its nodes during it) or {@code scheduler} (the
 * scheduler cannot keep windows); a failure or repair of a component: {@code scheduler} (the scheduler cannot take
 * faults). Sent as the error of the operation's status reply, so that the API can name the field; it is never thrown,
 * and has no stack trace.
 */
public final class Refusal extends RuntimeException {

    private final String field;

    public Refusal(String field, String message) {
        super(message, null, false, false);
        this.field = field;
    }

    /** The field of the operation (or {@code scheduler}) that keeps it from being done. */
    public String field() {
        return field;
    }
}

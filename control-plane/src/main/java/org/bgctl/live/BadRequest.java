package org.bgctl.live;

/** A request the API refuses, naming the field at fault (400). */
public final class BadRequest extends IllegalArgumentException {

    private final String field;

    /** A field of no name (a body's {@code {"": 1}}) is said as {@code ""}, so the message does not start with a colon. */
    public BadRequest(String field, String message) {
        super((field.isEmpty() ? "\"\"" : field) + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}

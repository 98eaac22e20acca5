package org.bgctl.live;

/** A request the API refuses, naming the field at fault (400). */
public final class BadRequest extends IllegalArgumentException {

    private final String field;

    public BadRequest(String field, String message) {
        super(field + ": " + message);
        this.field = field;
    }

    public String field() {
        return field;
    }
}

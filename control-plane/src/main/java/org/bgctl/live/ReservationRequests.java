package org.bgctl.live;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;
import org.bgctl.machine.MachineView;
import org.bgctl.reservations.ReservationSpec;
import org.bgctl.scheduler.Reservation;

/**
 * {@code POST /api/reservations}: a JSON object {@code {"name", "start", "end", "what"}} — the fields of a
 * reservation file's line ({@link ReservationSpec}), times in seconds of the run.
 */
final class ReservationRequests {

    private static final Set<String> FIELDS = Set.of("name", "start", "end", "what");

    private ReservationRequests() {
    }

    /**
     * {@code name}, when it can name a reservation ({@link ReservationSpec#checkName}).
     *
     * @throws BadRequest naming {@code name} otherwise
     */
    static String checkName(String name) {
        try {
            ReservationSpec.checkName(name);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("name", e.getMessage());
        }
        return name;
    }

    /**
     * The reservation {@code body} asks for on {@code machine}.
     *
     * @throws BadRequest naming the field and what is wrong with it
     */
    static Reservation parse(JsonNode body, MachineView machine) {
        if (!body.isObject()) throw new BadRequest("body", "expected a JSON object");
        for (Iterator<String> names = body.fieldNames(); names.hasNext(); ) {
            String name = names.next();
            if (!FIELDS.contains(name)) throw new BadRequest(name, "unknown field; known: name, start, end, what");
        }
        String name = checkName(text(body, "name", "a name of letters and digits, e.g. maint"));
        long start = time(body, "start");
        long end = time(body, "end");
        if (end <= start) throw new BadRequest("end", end + " is not after the start " + start);
        String what = text(body, "what", "all, a node count, or midplanes (mp-R000,mp-R001 or R000:2x2x2)");
        try {
            return ReservationSpec.of(name, start, end, what, machine);
        } catch (IllegalArgumentException e) {
            throw new BadRequest("what", e.getMessage());
        }
    }

    private static String text(JsonNode body, String field, String expected) {
        JsonNode v = body.get(field);
        if (v == null || v.isNull() || v.isTextual() && v.asText().isEmpty())
            throw new BadRequest(field, "missing; " + expected);
        if (!v.isTextual()) throw new BadRequest(field, "expected a string: " + expected + "; got " + v);
        return v.asText();
    }

    private static long time(JsonNode body, String field) {
        JsonNode v = body.get(field);
        if (v == null || !v.isIntegralNumber() || !v.canConvertToLong())
            throw new BadRequest(field, "expected whole seconds of the run, got " + v);
        try {
            return ReservationSpec.time(v.asText(), field);
        } catch (IllegalArgumentException e) {
            throw new BadRequest(field, e.getMessage().substring(field.length() + 2));
        }
    }
}

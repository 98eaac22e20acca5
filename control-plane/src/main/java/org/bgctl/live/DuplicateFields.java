package org.bgctl.live;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonStreamContext;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/**
 * The first field that an object of a request body gives twice. A body such as {@code {"size": 1, "size": 2}} is
 * refused naming the field ({@code size}), like any other bad field, rather than as a body that is not JSON (which
 * is what Jackson's strict duplicate detection says, in a message of its own) or with the last value winning.
 */
final class DuplicateFields {

    private DuplicateFields() {
    }

    /**
     * Reads the one JSON value {@code parser} starts at (nothing after it) and gives the first field given twice in an
     * object of it, by its path from the body: {@code size}, or {@code what.a} and {@code what[0].a} for a field of an
     * object inside one; empty when no object repeats a field.
     *
     * @throws com.fasterxml.jackson.core.JsonProcessingException where the value is not JSON
     */
    static Optional<String> first(JsonParser parser) throws IOException {
        Deque<Set<String>> open = new ArrayDeque<>();
        int depth = 0;
        for (JsonToken t = parser.nextToken(); t != null; t = parser.nextToken()) {
            if (t == JsonToken.START_OBJECT) open.push(new HashSet<>());
            else if (t == JsonToken.END_OBJECT) open.pop();
            else if (t == JsonToken.FIELD_NAME && !open.element().add(parser.getCurrentName()))
                return Optional.of(path(parser.getParsingContext()));
            if (t.isStructStart()) depth++;
            else if (t.isStructEnd()) depth--;
            if (depth == 0) break;
        }
        return Optional.empty();
    }

    /** The path of the field {@code at} is on: the names of the objects and the indexes of the arrays holding it. */
    private static String path(JsonStreamContext at) {
        StringBuilder path = new StringBuilder();
        for (JsonStreamContext c = at; c != null && !c.inRoot(); c = c.getParent()) {
            if (c.inObject()) path.insert(0, (c.getParent().inRoot() ? "" : ".") + c.getCurrentName());
            else path.insert(0, "[" + c.getCurrentIndex() + "]");
        }
        return path.toString();
    }
}

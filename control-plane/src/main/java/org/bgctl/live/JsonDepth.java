package org.bgctl.live;

/**
 * How deeply a JSON text nests arrays and objects, found by one pass over its characters before any parser sees
 * it: Jackson 2.11 (the one Akka 2.6 ships) has no nesting limit and parses recursively, so a body of twenty
 * thousand {@code [} overflows the stack of the thread that reads it. Brackets inside strings do not count.
 */
final class JsonDepth {

    /** The deepest nesting a request body may have; a job or a fault needs 1. */
    static final int MAX = 32;

    private JsonDepth() {
    }

    /** Whether {@code text} nests arrays and objects deeper than {@code max}; stops reading at the first level too deep. */
    static boolean exceeds(String text, int max) {
        int depth = 0;
        boolean inString = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (inString) {
                if (c == '\\') i++;
                else if (c == '"') inString = false;
            } else if (c == '"') {
                inString = true;
            } else if (c == '[' || c == '{') {
                if (++depth > max) return true;
            } else if (c == ']' || c == '}') {
                depth--;
            }
        }
        return false;
    }
}

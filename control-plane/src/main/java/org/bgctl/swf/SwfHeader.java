package org.bgctl.swf;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * The comment lines at the top of an SWF trace, kept verbatim and in order, plus their
 * {@code ; Key: value} entries.
 *
 * <p>A line {@code ; Key: value} starts an entry, the key after {@code ;} and any whitespace (some archive
 * traces indent labels: {@code ;        MaxNodes: 70  (dual)}); an indented key's colon is followed by
 * whitespace or ends the line. A following line that does not start with a key continues that entry's
 * value on a new line (the archive wraps long notes this way, indented); a bare {@code ;} ends it. Keys may repeat
 * ({@code Note}, {@code Queue}) and every value is kept. Keys are matched ignoring case.
 */
public final class SwfHeader {

    private final List<String> lines;
    private final Map<String, List<String>> entries;

    private SwfHeader(List<String> lines, Map<String, List<String>> entries) {
        this.lines = lines;
        this.entries = entries;
    }

    /** Parses comment lines, each starting with {@code ;}, as they appear in a trace. */
    public static SwfHeader parse(List<String> commentLines) {
        Map<String, List<String>> entries = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        List<String> open = null;
        StringBuilder value = new StringBuilder();
        for (String line : commentLines) {
            if (!line.startsWith(";"))
                throw new IllegalArgumentException("a header line starts with ';': " + line);
            int start = 1;
            while (start < line.length() && Character.isWhitespace(line.charAt(start))) start++;
            int colon = keyEnd(line, start, start > 2);
            String text = line.substring(start).strip();
            if (colon > 0) {
                close(open, value);
                open = entries.computeIfAbsent(line.substring(start, colon), k -> new ArrayList<>());
                value.append(line.substring(colon + 1).strip());
            } else if (text.isEmpty()) {
                close(open, value);
                open = null;
            } else if (open != null) {
                value.append('\n').append(text);
            }
        }
        close(open, value);
        entries.replaceAll((k, v) -> List.copyOf(v));
        return new SwfHeader(List.copyOf(commentLines), Collections.unmodifiableMap(entries));
    }

    /**
     * The index of the colon ending a key that starts at {@code start}, or -1 if there is no key there. An
     * {@code indented} key's colon must be followed by whitespace or end the line, so that an indented
     * continuation such as {@code ;              http://www...} stays a continuation.
     */
    private static int keyEnd(String line, int start, boolean indented) {
        int i = start;
        while (i < line.length() && Character.isLetterOrDigit(line.charAt(i))) i++;
        boolean key = i > start && i < line.length() && line.charAt(i) == ':' && Character.isLetter(line.charAt(start));
        if (key && indented && i + 1 < line.length() && !Character.isWhitespace(line.charAt(i + 1))) return -1;
        return key ? i : -1;
    }

    private static void close(List<String> entry, StringBuilder value) {
        if (entry != null) entry.add(value.toString());
        value.setLength(0);
    }

    /** The header lines in file order, each from its {@code ;} on (blank lines are not kept). */
    public List<String> lines() {
        return lines;
    }

    /** The keys present, in case-insensitive alphabetical order, each once. */
    public List<String> keys() {
        return List.copyOf(entries.keySet());
    }

    /** The first value of {@code key}; continuation lines are joined with '\n'. */
    public Optional<String> value(String key) {
        return values(key).stream().findFirst();
    }

    /** Every value of {@code key}, in file order (e.g. all {@code Note} entries). */
    public List<String> values(String key) {
        return entries.getOrDefault(key, List.of());
    }

    /**
     * {@code MaxNodes}: the leading integer of the value, a word of its own, so {@code 338 (batch partition; 512 total)}
     * gives 338, and {@code 1e3} or {@code 128.5} nothing.
     */
    public OptionalInt maxNodes() {
        return leadingInt("MaxNodes");
    }

    /** {@code MaxProcs}, read like {@link #maxNodes()}. */
    public OptionalInt maxProcs() {
        return leadingInt("MaxProcs");
    }

    /** {@code MaxJobs}, read like {@link #maxNodes()}. */
    public OptionalLong maxJobs() {
        return leadingLong("MaxJobs");
    }

    /** {@code UnixStartTime}: the epoch second of submit time 0. */
    public OptionalLong unixStartTime() {
        return leadingLong("UnixStartTime");
    }

    /** {@code TimeZoneString}, e.g. {@code US/Pacific}. */
    public Optional<String> timeZone() {
        return value("TimeZoneString");
    }

    /** {@code Computer}, e.g. {@code IBM SP2}. */
    public Optional<String> computer() {
        return value("Computer");
    }

    /** {@code Installation}, e.g. {@code SDSC}. */
    public Optional<String> installation() {
        return value("Installation");
    }

    /** Every {@code Note}, in file order. */
    public List<String> notes() {
        return values("Note");
    }

    private OptionalInt leadingInt(String key) {
        OptionalLong v = leadingLong(key);
        return v.isPresent() && v.getAsLong() <= Integer.MAX_VALUE && v.getAsLong() >= Integer.MIN_VALUE
                ? OptionalInt.of((int) v.getAsLong()) : OptionalInt.empty();
    }

    private OptionalLong leadingLong(String key) {
        Optional<String> value = value(key);
        if (value.isEmpty()) return OptionalLong.empty();
        String v = value.get();
        int end = v.startsWith("-") ? 1 : 0;
        while (end < v.length() && v.charAt(end) >= '0' && v.charAt(end) <= '9') end++;
        // a whole word only: 1e3 or 128.5 is no 1 or 128
        if (end < v.length() && !Character.isWhitespace(v.charAt(end))) return OptionalLong.empty();
        try {
            return OptionalLong.of(Long.parseLong(v.substring(0, end)));
        } catch (NumberFormatException e) {
            return OptionalLong.empty();
        }
    }
}

package org.bgctl.swf;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The lines of a trace as the bytes they are, ended as {@link java.io.BufferedReader#readLine()} ends them: by
 * {@code \n}, {@code \r} or {@code \r\n}, the last line also by the end of the input. A job line is parsed from its
 * bytes, without decoding it to text: its numbers are ASCII, and a byte of a multi-byte UTF-8 character (or of no
 * character at all) is never an ASCII byte, so the fields are found at the same places in the bytes as in the text.
 * {@link #text()} decodes a line when its text is needed: a header comment, an error message.
 */
final class TraceLines {

    private final InputStream in;
    private byte[] buffer;
    /** Bytes [0, filled) of the buffer hold input; the next line starts at {@code next}. */
    private int filled;
    private int next;
    private int start;
    private int end;
    /** The input is exhausted: the bytes in the buffer are all there is. */
    private boolean drained;

    TraceLines(InputStream in, int bufferSize) {
        this.in = in;
        this.buffer = new byte[bufferSize];
    }

    /** Moves to the next line; false at the end of the input. */
    boolean advance() throws IOException {
        int i = next;
        while (true) {
            for (; i < filled; i++) {
                byte b = buffer[i];
                if (b == '\n' || b == '\r') {
                    // a \r\n split across two reads is kept whole: the buffer is refilled first
                    if (b == '\r' && i + 1 == filled && !drained) break;
                    start = next;
                    end = i;
                    next = b == '\r' && i + 1 < filled && buffer[i + 1] == '\n' ? i + 2 : i + 1;
                    return true;
                }
            }
            if (drained) {
                if (next == filled) return false;
                start = next;
                end = filled;
                next = filled;
                return true;
            }
            i -= next;
            refill();
        }
    }

    /** Keeps the line begun at {@code next} and reads more input after it, growing the buffer for a long line. */
    private void refill() throws IOException {
        int kept = filled - next;
        if (kept == buffer.length) buffer = Arrays.copyOf(buffer, buffer.length * 2);
        System.arraycopy(buffer, next, buffer, 0, kept);
        next = 0;
        filled = kept;
        int n = in.read(buffer, filled, buffer.length - filled);
        if (n < 0) drained = true;
        else filled += n;
    }

    /** The bytes of the current line, from {@link #start()} to {@link #end()}; valid until the next advance. */
    byte[] bytes() {
        return buffer;
    }

    int start() {
        return start;
    }

    int end() {
        return end;
    }

    /** The current line as UTF-8 text, a byte that is not UTF-8 read as U+FFFD. */
    String text() {
        return text(start, end);
    }

    /** Bytes [from, to) of the current line as UTF-8 text. */
    String text(int from, int to) {
        return new String(buffer, from, to - from, StandardCharsets.UTF_8);
    }

    void close() throws IOException {
        in.close();
    }
}

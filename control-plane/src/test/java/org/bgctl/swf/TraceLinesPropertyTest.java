package org.bgctl.swf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;

class TraceLinesPropertyTest {

    /** The lines, and their text, are BufferedReader's over UTF-8, however the input arrives and the buffer starts. */
    @Property(tries = 1000)
    void linesAreBufferedReaderLines(@ForAll("inputs") List<Byte> input, @ForAll @IntRange(min = 1, max = 9) int buffer,
                                     @ForAll @IntRange(min = 1, max = 7) int chunk) throws IOException {
        byte[] bytes = new byte[input.size()];
        for (int i = 0; i < bytes.length; i++) bytes[i] = input.get(i);
        List<String> expected = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes),
                StandardCharsets.UTF_8));
        for (String line; (line = reader.readLine()) != null; ) expected.add(line);
        List<String> lines = new ArrayList<>();
        TraceLines traceLines = new TraceLines(new Trickle(bytes, chunk), buffer);
        while (traceLines.advance()) lines.add(traceLines.text());
        assertEquals(expected, lines);
    }

    /** Line ends, spaces, digits, and the bytes of é, of a character cut short and of no character at all. */
    @Provide
    Arbitrary<List<Byte>> inputs() {
        return Arbitraries.of((byte) '\n', (byte) '\r', (byte) ' ', (byte) '7', (byte) ';', (byte) 0xC3, (byte) 0xA9,
                (byte) 0xE2, (byte) 0xFF).list().ofMaxSize(60);
    }

    /** An input that gives at most {@code chunk} bytes a read, as a pipe or a gzip stream may. */
    private static final class Trickle extends InputStream {
        private final byte[] bytes;
        private final int chunk;
        private int at;

        Trickle(byte[] bytes, int chunk) {
            this.bytes = bytes;
            this.chunk = chunk;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xff : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (at == bytes.length) return -1;
            int n = Math.min(Math.min(len, chunk), bytes.length - at);
            System.arraycopy(bytes, at, b, off, n);
            at += n;
            return n;
        }
    }
}

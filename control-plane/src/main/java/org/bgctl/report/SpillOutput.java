package org.bgctl.report;

import java.io.Closeable;
import java.io.IOException;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Numbers and text written to a temporary file through one buffer, for {@link SpillInput} to read back: big-endian
 * numbers, text as its length then its UTF-8 bytes. (A DataOutputStream does the same a call and a lock per field.)
 * The puts do not check for room: each record's writer {@link #reserve}s its bytes first.
 */
final class SpillOutput implements Closeable {

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

    private final FileChannel file;
    /**
     * Bytes [0, used) are to be written. Numbers go in through views of the array as big-endian longs and ints, not
     * a ByteBuffer's puts, whose chain of calls (bounds, byte order, memory access) the job-spill thread ran once a
     * field.
     */
    private byte[] buffer = new byte[1 << 16];
    private int used;

    SpillOutput(Path path) throws IOException {
        file = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    /**
     * Makes room for the next {@code bytes} bytes, growing the buffer when one record needs more than it holds. The
     * writer reserves a whole record's bytes at once, so that the puts check nothing: a check per field was a compare
     * and a branch the job-spill thread ran some twenty times a record.
     */
    void reserve(int bytes) throws IOException {
        if (buffer.length - used >= bytes) return;
        flush();
        if (buffer.length < bytes) buffer = new byte[bytes];
    }

    /** Writes the buffer out: apart from {@link #reserve}'s check, so that the check inlined into the writer stays small. */
    private void flush() throws IOException {
        ByteBuffer filled = ByteBuffer.wrap(buffer, 0, used);
        while (filled.hasRemaining()) file.write(filled);
        used = 0;
    }

    void putLong(long v) {
        LONGS.set(buffer, used, v);
        used += Long.BYTES;
    }

    void putInt(int v) {
        INTS.set(buffer, used, v);
        used += Integer.BYTES;
    }

    void putDouble(double v) {
        putLong(Double.doubleToRawLongBits(v));
    }

    void putBoolean(boolean v) {
        buffer[used++] = (byte) (v ? 1 : 0);
    }

    /** The most bytes {@link #putText} writes for {@code text}: its length, then up to 3 UTF-8 bytes a char. */
    static int textBytes(CharSequence text) {
        return Integer.BYTES + 3 * text.length();
    }

    /** {@code text}: its length in UTF-8 bytes, then those bytes. */
    void putText(CharSequence text) {
        int n = text.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) ascii = text.charAt(i) < 0x80;
        if (!ascii) {
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            putBytes(bytes, bytes.length);
            return;
        }
        putInt(n);
        for (int i = 0; i < n; i++) buffer[used++] = (byte) text.charAt(i);
    }

    /** The first {@code length} of {@code bytes} as text: that length, then those bytes. */
    void putBytes(byte[] bytes, int length) {
        putInt(length);
        System.arraycopy(bytes, 0, buffer, used, length);
        used += length;
    }

    /** Writes what the buffer holds and closes the file. */
    @Override
    public void close() throws IOException {
        try (file) {
            if (file.isOpen()) flush();
        }
    }
}

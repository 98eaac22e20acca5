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
    private final byte[] buffer = new byte[1 << 16];
    private int used;

    SpillOutput(Path path) throws IOException {
        file = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    private void room(int bytes) throws IOException {
        if (buffer.length - used < bytes) flush();
    }

    /**
     * Writes the buffer out: apart from {@link #room}'s check, so that each put inlined into the spill's writer
     * carries a compare and a call, not the write itself.
     */
    private void flush() throws IOException {
        ByteBuffer filled = ByteBuffer.wrap(buffer, 0, used);
        while (filled.hasRemaining()) file.write(filled);
        used = 0;
    }

    void putLong(long v) throws IOException {
        room(Long.BYTES);
        LONGS.set(buffer, used, v);
        used += Long.BYTES;
    }

    void putInt(int v) throws IOException {
        room(Integer.BYTES);
        INTS.set(buffer, used, v);
        used += Integer.BYTES;
    }

    void putDouble(double v) throws IOException {
        putLong(Double.doubleToRawLongBits(v));
    }

    void putBoolean(boolean v) throws IOException {
        room(1);
        buffer[used++] = (byte) (v ? 1 : 0);
    }

    /** {@code text}: its length in UTF-8 bytes, then those bytes. */
    void putText(CharSequence text) throws IOException {
        int n = text.length();
        boolean ascii = true;
        for (int i = 0; i < n && ascii; i++) ascii = text.charAt(i) < 0x80;
        if (!ascii) {
            byte[] bytes = text.toString().getBytes(StandardCharsets.UTF_8);
            putBytes(bytes, bytes.length);
            return;
        }
        putInt(n);
        if (n <= buffer.length) room(n);
        for (int i = 0; i < n; i++) {
            if (used == buffer.length) room(1);
            buffer[used++] = (byte) text.charAt(i);
        }
    }

    /** The first {@code length} of {@code bytes} as text: that length, then those bytes. */
    void putBytes(byte[] bytes, int length) throws IOException {
        putInt(length);
        for (int at = 0; at < length; ) {
            room(1);
            int k = Math.min(buffer.length - used, length - at);
            System.arraycopy(bytes, at, buffer, used, k);
            used += k;
            at += k;
        }
    }

    /** Writes what the buffer holds and closes the file. */
    @Override
    public void close() throws IOException {
        try (file) {
            if (file.isOpen()) room(buffer.length);
        }
    }
}

package org.bgctl.report;

import java.io.Closeable;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * Numbers and text written to a temporary file through one buffer, for {@link SpillInput} to read back: big-endian
 * numbers, text as its length then its UTF-8 bytes. (A DataOutputStream does the same a call and a lock per field.)
 */
final class SpillOutput implements Closeable {

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

    SpillOutput(Path path) throws IOException {
        file = FileChannel.open(path, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
    }

    private void room(int bytes) throws IOException {
        if (buffer.remaining() >= bytes) return;
        buffer.flip();
        while (buffer.hasRemaining()) file.write(buffer);
        buffer.clear();
    }

    void putLong(long v) throws IOException {
        room(Long.BYTES);
        buffer.putLong(v);
    }

    void putInt(int v) throws IOException {
        room(Integer.BYTES);
        buffer.putInt(v);
    }

    void putDouble(double v) throws IOException {
        room(Double.BYTES);
        buffer.putDouble(v);
    }

    void putBoolean(boolean v) throws IOException {
        room(1);
        buffer.put((byte) (v ? 1 : 0));
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
        if (n <= buffer.capacity()) room(n);
        for (int i = 0; i < n; i++) {
            if (!buffer.hasRemaining()) room(1);
            buffer.put((byte) text.charAt(i));
        }
    }

    /** The first {@code length} of {@code bytes} as text: that length, then those bytes. */
    void putBytes(byte[] bytes, int length) throws IOException {
        putInt(length);
        for (int at = 0; at < length; ) {
            room(1);
            int k = Math.min(buffer.remaining(), length - at);
            buffer.put(bytes, at, k);
            at += k;
        }
    }

    /** Writes what the buffer holds and closes the file. */
    @Override
    public void close() throws IOException {
        try (file) {
            if (file.isOpen()) room(buffer.capacity());
        }
    }
}

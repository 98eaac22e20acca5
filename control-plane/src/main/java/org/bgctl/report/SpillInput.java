package org.bgctl.report;

import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/** Reads back what a {@link SpillOutput} wrote, through one buffer. */
final class SpillInput implements Closeable {

    private final FileChannel file;
    private final ByteBuffer buffer = ByteBuffer.allocate(1 << 16);

    SpillInput(Path path) throws IOException {
        file = FileChannel.open(path, StandardOpenOption.READ);
        buffer.flip();
    }

    /** Makes at least {@code bytes} (at most the buffer's size) readable from the buffer. */
    private void ready(int bytes) throws IOException {
        if (buffer.remaining() >= bytes) return;
        buffer.compact();
        while (buffer.position() < bytes) {
            if (file.read(buffer) < 0) throw new EOFException("the spill file ends within a job");
        }
        buffer.flip();
    }

    long getLong() throws IOException {
        ready(Long.BYTES);
        return buffer.getLong();
    }

    int getInt() throws IOException {
        ready(Integer.BYTES);
        return buffer.getInt();
    }

    double getDouble() throws IOException {
        ready(Double.BYTES);
        return buffer.getDouble();
    }

    boolean getBoolean() throws IOException {
        ready(1);
        return buffer.get() != 0;
    }

    /** The next text's UTF-8 bytes. */
    byte[] getBytes() throws IOException {
        byte[] bytes = new byte[getInt()];
        for (int at = 0; at < bytes.length; ) {
            ready(1);
            int k = Math.min(buffer.remaining(), bytes.length - at);
            buffer.get(bytes, at, k);
            at += k;
        }
        return bytes;
    }

    String getText() throws IOException {
        return new String(getBytes(), StandardCharsets.UTF_8);
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}

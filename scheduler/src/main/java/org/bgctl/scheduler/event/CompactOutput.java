package org.bgctl.scheduler.event;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growing byte buffer of the journal's compact format: integers as variable-length zig-zag numbers (a small
 * magnitude takes one byte), booleans as a byte, doubles as their eight bytes, strings as their UTF-8 bytes after
 * their length plus one (0 for null). Read back by {@link CompactInput}.
 */
final class CompactOutput {

    private byte[] bytes = new byte[256];
    private int size;

    void writeLong(long value) {
        long v = (value << 1) ^ (value >> 63);
        ensure(10);
        while ((v & ~0x7FL) != 0) {
            bytes[size++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        bytes[size++] = (byte) v;
    }

    void writeInt(int value) {
        writeLong(value);
    }

    void writeBoolean(boolean value) {
        ensure(1);
        bytes[size++] = (byte) (value ? 1 : 0);
    }

    void writeDouble(double value) {
        long bits = Double.doubleToRawLongBits(value);
        ensure(8);
        for (int shift = 56; shift >= 0; shift -= 8) bytes[size++] = (byte) (bits >>> shift);
    }

    void writeString(String value) {
        if (value == null) {
            writeLong(0);
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        writeLong(utf8.length + 1L);
        ensure(utf8.length);
        System.arraycopy(utf8, 0, bytes, size, utf8.length);
        size += utf8.length;
    }

    byte[] toByteArray() {
        return Arrays.copyOf(bytes, size);
    }

    private void ensure(int more) {
        if (size + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
    }
}

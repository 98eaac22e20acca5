package org.bgctl.scheduler.event;

import java.nio.charset.StandardCharsets;

/** Reads what {@link CompactOutput} wrote; running past the end, or a malformed number, is an error. */
final class CompactInput {

    private final byte[] bytes;
    private int position;

    CompactInput(byte[] bytes) {
        this.bytes = bytes;
    }

    long readLong() {
        long v = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            byte b = next();
            v |= (long) (b & 0x7F) << shift;
            if (b >= 0) return (v >>> 1) ^ -(v & 1);
        }
        throw new IllegalArgumentException("a number longer than 10 bytes at byte " + position);
    }

    int readInt() {
        long v = readLong();
        if (v != (int) v) throw new IllegalArgumentException("number " + v + " out of int range before byte " + position);
        return (int) v;
    }

    boolean readBoolean() {
        byte b = next();
        if (b != 0 && b != 1) throw new IllegalArgumentException("boolean byte " + b + " at byte " + (position - 1));
        return b == 1;
    }

    double readDouble() {
        long bits = 0;
        for (int i = 0; i < 8; i++) bits = bits << 8 | (next() & 0xFF);
        return Double.longBitsToDouble(bits);
    }

    String readString() {
        int length = size("string") - 1;
        if (length < 0) return null;
        if (length > bytes.length - position)
            throw new IllegalArgumentException("string of " + length + " bytes past the end at byte " + position);
        String s = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return s;
    }

    /** A count of {@code what}: not negative, and not more than the bytes left could hold. */
    int size(String what) {
        long n = readLong();
        if (n < 0 || n > bytes.length - position + 1L)
            throw new IllegalArgumentException(what + " of size " + n + " at byte " + position + " of " + bytes.length);
        return (int) n;
    }

    /** Whether every byte was read. */
    boolean atEnd() {
        return position == bytes.length;
    }

    private byte next() {
        if (position >= bytes.length) throw new IllegalArgumentException("ends early, at byte " + position);
        return bytes[position++];
    }
}

package org.bgctl.report;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A jobs.csv row made as UTF-8 bytes in one array, used again for every row: the spill's writer formats each settled
 * job's row here, numbers as digits and text as its bytes, instead of appending them to a {@link StringBuilder} whose
 * chars are then copied to the spill file one by one. The bytes are those of the row's text in UTF-8.
 */
final class RowBytes implements JobsCsv.Cells {

    /** The most digits of a long, its sign included. */
    private static final int LONG_DIGITS = 20;

    private byte[] bytes = new byte[128];
    private int length;

    /** Empties the row. */
    void clear() {
        length = 0;
    }

    /** The row's bytes, from 0 to {@link #length()}. */
    byte[] bytes() {
        return bytes;
    }

    int length() {
        return length;
    }

    @Override
    public RowBytes add(long number) {
        room(LONG_DIGITS);
        if (number < 0) {
            if (number == Long.MIN_VALUE) return add(Long.toString(number));
            bytes[length++] = '-';
            number = -number;
        }
        int digits = digits(number);
        int at = length + digits;
        do {
            bytes[--at] = (byte) ('0' + number % 10);
            number /= 10;
        } while (number != 0);
        length += digits;
        return this;
    }

    @Override
    public RowBytes add(char c) {
        if (c >= 0x80) return add(String.valueOf(c));
        room(1);
        bytes[length++] = (byte) c;
        return this;
    }

    @Override
    public RowBytes add(String text) {
        int n = text.length();
        room(n);
        for (int i = 0; i < n; i++) {
            char c = text.charAt(i);
            if (c >= 0x80) {
                byte[] utf8 = text.substring(i).getBytes(StandardCharsets.UTF_8);
                room(utf8.length);
                System.arraycopy(utf8, 0, bytes, length, utf8.length);
                length += utf8.length;
                return this;
            }
            bytes[length++] = (byte) c;
        }
        return this;
    }

    /** The decimal digits of {@code number}, which is not negative. */
    private static int digits(long number) {
        int digits = 1;
        for (long bound = 10; digits < 19 && number >= bound; bound *= 10) digits++;
        return digits;
    }

    private void room(int more) {
        if (length + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(2 * bytes.length, length + more));
    }
}

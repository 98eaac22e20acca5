package org.bgctl.swf;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/**
 * Writes an SWF trace: the header comment lines, then one job line per record, each field right-aligned
 * to the width the Parallel Workloads Archive uses (wider values simply take more room) and separated by
 * a space. Fields 6, 7 and 10 are written as integers when integral, else with two decimals (half-even);
 * every other field is an integer, so -1 stays -1. A file whose name ends in {@code .gz} is compressed.
 */
public final class SwfWriter implements Closeable {

    private static final int[] WIDTHS = {5, 8, 6, 6, 4, 6, 5, 4, 6, 5, 2, 3, 3, 4, 2, 2, 2, 2};

    private final Writer out;
    private final StringBuilder line = new StringBuilder(128);
    private char[] chars = new char[128];

    /**
     * Writes to {@code out}, which the writer owns and closes, starting with the header.
     *
     * @param headerLines comment lines; a line that does not start with {@code ;} gets {@code "; "} in front
     */
    public SwfWriter(Writer out, List<String> headerLines) throws IOException {
        this.out = out;
        for (String comment : headerLines) {
            if (comment.indexOf('\n') >= 0 || comment.indexOf('\r') >= 0)
                throw new IllegalArgumentException("a header line must be one line: " + comment);
            out.write(comment.startsWith(";") ? comment : "; " + comment);
            out.write('\n');
        }
    }

    /** Creates (or replaces) {@code file} and writes the header to it. */
    public static SwfWriter open(Path file, List<String> headerLines) throws IOException {
        OutputStream stream = Files.newOutputStream(file);
        try {
            if (file.getFileName().toString().endsWith(".gz")) stream = new GZIPOutputStream(stream, 1 << 16);
            Writer writer = new BufferedWriter(new OutputStreamWriter(stream, StandardCharsets.UTF_8), 1 << 16);
            return new SwfWriter(writer, headerLines);
        } catch (IOException | RuntimeException e) {
            stream.close();
            throw e;
        }
    }

    /** Writes one job line. */
    public void write(SwfRecord r) throws IOException {
        line.setLength(0);
        field(SwfField.JOB_ID, r.jobId());
        field(SwfField.SUBMIT, r.submit());
        field(SwfField.WAIT, r.waitTime());
        field(SwfField.RUN, r.runTime());
        field(SwfField.ALLOC_PROCS, r.allocProcs());
        field(SwfField.AVG_CPU, r.avgCpu());
        field(SwfField.USED_MEM, r.usedMem());
        field(SwfField.REQ_PROCS, r.reqProcs());
        field(SwfField.REQ_TIME, r.reqTime());
        field(SwfField.REQ_MEM, r.reqMem());
        field(SwfField.STATUS, r.status());
        field(SwfField.USER, r.user());
        field(SwfField.GROUP, r.group());
        field(SwfField.EXECUTABLE, r.executable());
        field(SwfField.QUEUE, r.queue());
        field(SwfField.PARTITION, r.partition());
        field(SwfField.PRECEDING_JOB, r.precedingJob());
        field(SwfField.THINK_TIME, r.thinkTime());
        line.append('\n');
        int n = line.length();
        if (chars.length < n) chars = new char[2 * n];
        line.getChars(0, n, chars, 0);
        out.write(chars, 0, n);
    }

    /** Appends an integer field, right-aligned to its column's width. */
    private void field(SwfField field, long value) {
        pad(field, digits(value));
        line.append(value);
    }

    /** Appends a decimal field (two decimals at most), right-aligned to its column's width. */
    private void field(SwfField field, double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            field(field, (long) value);
            return;
        }
        String text = BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
        pad(field, text.length());
        line.append(text);
    }

    /** The separator before a field and the spaces that right-align {@code length} characters in its column. */
    private void pad(SwfField field, int length) {
        if (field != SwfField.JOB_ID) line.append(' ');
        for (int pad = WIDTHS[field.number() - 1] - length; pad > 0; pad--) line.append(' ');
    }

    /** The number of characters of {@code value} in decimal, sign included. */
    private static int digits(long value) {
        if (value == Long.MIN_VALUE) return 20;
        int n = value < 0 ? 2 : 1;
        for (long v = Math.abs(value); v >= 10; v /= 10) n++;
        return n;
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

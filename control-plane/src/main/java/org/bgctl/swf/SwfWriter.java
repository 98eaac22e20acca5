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
        field(SwfField.JOB_ID, Long.toString(r.jobId()));
        field(SwfField.SUBMIT, Long.toString(r.submit()));
        field(SwfField.WAIT, Long.toString(r.waitTime()));
        field(SwfField.RUN, Long.toString(r.runTime()));
        field(SwfField.ALLOC_PROCS, Integer.toString(r.allocProcs()));
        field(SwfField.AVG_CPU, decimal(r.avgCpu()));
        field(SwfField.USED_MEM, decimal(r.usedMem()));
        field(SwfField.REQ_PROCS, Integer.toString(r.reqProcs()));
        field(SwfField.REQ_TIME, Long.toString(r.reqTime()));
        field(SwfField.REQ_MEM, decimal(r.reqMem()));
        field(SwfField.STATUS, Integer.toString(r.status()));
        field(SwfField.USER, Integer.toString(r.user()));
        field(SwfField.GROUP, Integer.toString(r.group()));
        field(SwfField.EXECUTABLE, Integer.toString(r.executable()));
        field(SwfField.QUEUE, Integer.toString(r.queue()));
        field(SwfField.PARTITION, Integer.toString(r.partition()));
        field(SwfField.PRECEDING_JOB, Long.toString(r.precedingJob()));
        field(SwfField.THINK_TIME, Long.toString(r.thinkTime()));
        line.append('\n');
        out.append(line);
    }

    /** Appends a field, right-aligned to its column's width. */
    private void field(SwfField field, String value) {
        if (field != SwfField.JOB_ID) line.append(' ');
        for (int pad = WIDTHS[field.number() - 1] - value.length(); pad > 0; pad--) line.append(' ');
        line.append(value);
    }

    private static String decimal(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) return Long.toString((long) value);
        return BigDecimal.valueOf(value).setScale(2, RoundingMode.HALF_EVEN).toPlainString();
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}

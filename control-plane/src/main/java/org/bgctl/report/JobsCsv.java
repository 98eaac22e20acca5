package org.bgctl.report;

import java.io.IOException;
import java.io.Writer;
import java.util.List;
import org.bgctl.machine.Shape;

/**
 * Writes job records as jobs.csv, one row per job, in the order given (job-id order). {@code shape} is
 * the box the job asked for; for a job that asked for any box, the extent of an {@code EXTENT@BASE}
 * partition it got (empty otherwise). {@code partition} is the canonical name of the one it got. A run whose blocks
 * boot (docs/blocks.md) has two more columns: {@code boot_start_s}, when the job's block began to boot (its start
 * decision), and {@code boot_end_s}, when it had booted and the job began to run.
 */
public final class JobsCsv {

    /** The header row; the column order is part of bgctl's output contract. */
    public static final String HEADER = "job_id,submit_s,start_s,end_s,wait_s,run_s,estimate_s,"
            + "requested_size,size,shape,partition,status,migrations,job_class,estimate_class";

    /** The columns a run whose blocks boot adds at the end. */
    public static final String BOOT_COLUMNS = ",boot_start_s,boot_end_s";

    private JobsCsv() {
    }

    public static void write(List<JobRecord> records, Writer out) throws IOException {
        write(records, out, false);
    }

    /** Writes {@code records}, with the boot columns when {@code boots}. */
    public static void write(List<JobRecord> records, Writer out, boolean boots) throws IOException {
        out.write(header(boots));
        out.write('\n');
        StringBuilder line = new StringBuilder(96);
        for (JobRecord r : records) {
            line.setLength(0);
            out.append(line(r, line, boots));
        }
    }

    /** The header row, with the boot columns when {@code boots}. */
    public static String header(boolean boots) {
        return boots ? HEADER + BOOT_COLUMNS : HEADER;
    }

    /** Appends the row of {@code r}, its newline included, to {@code line}, and returns {@code line}. */
    public static StringBuilder line(JobRecord r, StringBuilder line) {
        return line(r, line, false);
    }

    /** The row of {@code r} as {@link #line(JobRecord, StringBuilder)}, with the boot columns when {@code boots}. */
    public static StringBuilder line(JobRecord r, StringBuilder line, boolean boots) {
        row(r, new Text(line), boots);
        return line;
    }

    /**
     * Where a row's cells go: a {@link StringBuilder} for a jobs.csv written from records, the spill's
     * {@link RowBytes} for one written from the spill file.
     */
    interface Cells {
        /** Appends {@code number} in decimal. */
        Cells add(long number);

        Cells add(char c);

        Cells add(String text);
    }

    /** Cells appended to a {@link StringBuilder}. */
    private record Text(StringBuilder line) implements Cells {
        @Override
        public Cells add(long number) {
            line.append(number);
            return this;
        }

        @Override
        public Cells add(char c) {
            line.append(c);
            return this;
        }

        @Override
        public Cells add(String text) {
            line.append(text);
            return this;
        }
    }

    /** The row's leading columns, job_id to size: numbers, each followed by a comma. */
    private static final int LEADING_NUMBERS = 9;

    /** Appends the row of {@code r}, its newline included, to {@code line}, with the boot columns when {@code boots}. */
    static void row(JobRecord r, Cells line, boolean boots) {
        Shape shape = r.job().geometry().shape();
        // the leading numbers in one loop: one call site of the number formatting for the compiler to inline, where a
        // call per column inlined a copy per column
        for (int column = 0; column < LEADING_NUMBERS; column++) {
            if (shown(r, column)) line.add(leadingNumber(r, column));
            line.add(',');
        }
        line.add(shape == null ? r.shape() : shape.toString())
            .add(',').add(csv(r.partition()))
            .add(',').add(r.status())
            .add(',').add(r.migrations())
            .add(',').add(r.jobClass())
            .add(',').add(r.estimateClass());
        if (boots) {
            line.add(',');
            if (r.scheduled() >= 0) line.add(r.scheduled());
            line.add(',');
            if (r.start() >= 0) line.add(r.start());
        }
        line.add('\n');
    }

    /**
     * Whether leading column {@code column} has its number: start_s and wait_s once the job started, end_s and run_s
     * once it ended.
     */
    private static boolean shown(JobRecord r, int column) {
        return switch (column) {
            case 2, 4 -> r.start() >= 0;
            case 3, 5 -> r.end() >= 0;
            default -> true;
        };
    }

    /**
     * The number of leading column {@code column}: job_id, submit_s, start_s, end_s, wait_s, run_s, estimate_s,
     * requested_size, size.
     */
    private static long leadingNumber(JobRecord r, int column) {
        return switch (column) {
            case 0 -> r.job().id();
            case 1 -> r.job().submit();
            case 2 -> r.start();
            case 3 -> r.end();
            case 4 -> r.waitTime();
            case 5 -> r.runTime();
            case 6 -> r.job().estimate();
            case 7 -> r.job().size();
            default -> r.size();
        };
    }

    private static String csv(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0) return field;
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}

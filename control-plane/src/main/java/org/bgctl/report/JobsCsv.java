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

    /** Appends the row of {@code r}, its newline included, to {@code line}, with the boot columns when {@code boots}. */
    static void row(JobRecord r, Cells line, boolean boots) {
        Shape shape = r.job().geometry().shape();
        line.add(r.job().id()).add(',').add(r.job().submit()).add(',');
        if (r.start() >= 0) line.add(r.start());
        line.add(',');
        if (r.end() >= 0) line.add(r.end());
        line.add(',');
        if (r.start() >= 0) line.add(r.waitTime());
        line.add(',');
        if (r.end() >= 0) line.add(r.runTime());
        line.add(',').add(r.job().estimate())
            .add(',').add(r.job().size())
            .add(',').add(r.size())
            .add(',').add(shape == null ? r.shape() : shape.toString())
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

    private static String csv(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0) return field;
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}

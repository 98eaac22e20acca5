package org.bgctl.report;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.function.Consumer;
import org.bgctl.scheduler.Communication;
import org.bgctl.scheduler.Job;

/**
 * Settled jobs ({@link JobTable#JobTable(Consumer)}) kept in a temporary file instead of the heap, with the row
 * each has in jobs.csv, and read back in job-id order. Jobs whose ids rise with their submissions come in that
 * order and are read back as they were written; otherwise they are sorted in memory when read.
 *
 * <p>The rows are formatted and written by a thread of their own, so that the scheduling thread only hands over
 * batches of records: one thread writes, in the order the jobs came, so the file does not depend on timing. At
 * most {@link #BATCHES_IN_FLIGHT} batches of {@link #BATCH} records wait for it, which bounds the memory.
 */
public final class JobSpill implements Consumer<JobRecord>, Closeable {

    static final int BATCH = 2048;
    static final int BATCHES_IN_FLIGHT = 4;

    /**
     * The bytes of a spilled record besides its row and its two texts: eight longs, a double, seven ints and three
     * booleans.
     */
    private static final int FIXED_BYTES = 9 * Long.BYTES + 7 * Integer.BYTES + 3;

    private final Path file;
    private final SpillOutput out;
    private final RowBytes row = new RowBytes();
    private final Handoff<JobRecord> writer;
    private long jobs;
    private long lastId = Long.MIN_VALUE;
    private boolean ascending = true;
    private long firstSubmit = Long.MAX_VALUE;
    private int largest;
    private final boolean boots;

    public JobSpill() throws IOException {
        this(false);
    }

    /** A spill whose jobs.csv rows have the boot columns when {@code boots}. */
    public JobSpill(boolean boots) throws IOException {
        this.boots = boots;
        file = Files.createTempFile("bgctl-jobs", ".spill");
        out = new SpillOutput(file);
        writer = new Handoff<>("bgctl-job-spill", BATCH, BATCHES_IN_FLIGHT, this::writeAll, out::close);
    }

    @Override
    public void accept(JobRecord r) {
        Job j = r.job();
        jobs++;
        if (j.id() < lastId) ascending = false;
        lastId = j.id();
        firstSubmit = Math.min(firstSubmit, j.submit());
        largest = Math.max(largest, Math.max(j.size(), r.size()));
        writer.give(r);
    }

    /** Hands the last batch over and waits until the writer has written and closed the file. */
    private void endWriting() throws IOException {
        try {
            writer.finish();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void writeAll(List<JobRecord> batch) throws IOException {
        for (int i = 0, n = batch.size(); i < n; i++) write(batch.get(i));
    }

    private void write(JobRecord r) throws IOException {
        Job j = r.job();
        row.clear();
        JobsCsv.row(r, row, boots);
        out.reserve(Integer.BYTES + row.length() + FIXED_BYTES + SpillOutput.textBytes(r.partition())
                + SpillOutput.textBytes(r.killedBy()));
        out.putBytes(row.bytes(), row.length());
        out.putLong(j.id());
        out.putLong(j.submit());
        out.putLong(j.runtime());
        out.putLong(j.estimate());
        out.putInt(j.size());
        out.putLong(j.requestedTime());
        out.putInt(j.user());
        out.putInt(j.group());
        out.putInt(j.executable());
        out.putInt(j.queue());
        out.putBoolean(j.walltimeKilled());
        out.putBoolean(j.communication().intensive());
        out.putDouble(j.communication().contiguousGain());
        out.putLong(r.scheduled());
        out.putLong(r.start());
        out.putLong(r.end());
        out.putInt(r.size());
        out.putText(r.partition());
        out.putInt(r.migrations());
        out.putText(r.killedBy());
        out.putBoolean(r.contiguous());
    }

    /** Whether the rows have the boot columns. */
    public boolean boots() {
        return boots;
    }

    /** Jobs written. */
    public long jobs() {
        return jobs;
    }

    /** The earliest submission among the jobs (Long.MAX_VALUE when none). */
    public long firstSubmit() {
        return firstSubmit;
    }

    /** The largest size, asked for or allocated, among the jobs. */
    public int largest() {
        return largest;
    }

    /** One job read back: its record (any box asked for) and its jobs.csv row in UTF-8, newline included. */
    public record Entry(JobRecord record, byte[] csvRow) {
    }

    /** Reads every job back, in job-id order. Call once, after the last job. */
    public void read(Consumer<Entry> each) throws IOException {
        endWriting();
        try (SpillInput in = new SpillInput(file)) {
            if (ascending) {
                for (long i = 0; i < jobs; i++) each.accept(entry(in));
                return;
            }
            List<Entry> all = new ArrayList<>();
            for (long i = 0; i < jobs; i++) all.add(entry(in));
            all.sort(Comparator.comparingLong(e -> e.record().job().id()));
            all.forEach(each);
        }
    }

    private static Entry entry(SpillInput in) throws IOException {
        byte[] row = in.getBytes();
        Job job = new Job(in.getLong(), in.getLong(), in.getLong(), in.getLong(), in.getInt(), in.getLong(),
                in.getInt(), in.getInt(), in.getInt(), in.getInt(), in.getBoolean(),
                new Communication(in.getBoolean(), in.getDouble()));
        JobRecord r = new JobRecord(job, in.getLong(), in.getLong(), in.getLong(), in.getInt(), in.getText(),
                in.getInt(), in.getText(), in.getBoolean());
        return new Entry(r, row);
    }

    /** Removes the file. */
    @Override
    public void close() throws IOException {
        writer.abandon();
        out.close();
        Files.deleteIfExists(file);
    }
}

package org.bgctl.report;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
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

    private final Path file;
    private final DataOutputStream out;
    private final StringBuilder line = new StringBuilder(128);
    private final Handoff<JobRecord> writer;
    private boolean ended;
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
        out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(file), 1 << 16));
        writer = new Handoff<>("bgctl-job-spill", BATCH, BATCHES_IN_FLIGHT, this::write, out::close);
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
        if (ended) return;
        ended = true;
        try {
            writer.finish();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private void write(JobRecord r) throws IOException {
        Job j = r.job();
        line.setLength(0);
        byte[] row = JobsCsv.line(r, line, boots).toString().getBytes(StandardCharsets.UTF_8);
        out.writeInt(row.length);
        out.write(row);
        out.writeLong(j.id());
        out.writeLong(j.submit());
        out.writeLong(j.runtime());
        out.writeLong(j.estimate());
        out.writeInt(j.size());
        out.writeLong(j.requestedTime());
        out.writeInt(j.user());
        out.writeInt(j.group());
        out.writeInt(j.executable());
        out.writeInt(j.queue());
        out.writeBoolean(j.walltimeKilled());
        out.writeBoolean(j.communication().intensive());
        out.writeDouble(j.communication().contiguousGain());
        out.writeLong(r.scheduled());
        out.writeLong(r.start());
        out.writeLong(r.end());
        out.writeInt(r.size());
        out.writeUTF(r.partition());
        out.writeInt(r.migrations());
        out.writeUTF(r.killedBy());
        out.writeBoolean(r.contiguous());
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

    /** One job read back: its record (any box asked for) and its jobs.csv row, newline included. */
    public record Entry(JobRecord record, String csvRow) {
    }

    /** Reads every job back, in job-id order. Call once, after the last job. */
    public void read(Consumer<Entry> each) throws IOException {
        endWriting();
        try (DataInputStream in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16))) {
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

    private static Entry entry(DataInputStream in) throws IOException {
        byte[] bytes = new byte[in.readInt()];
        in.readFully(bytes);
        String row = new String(bytes, StandardCharsets.UTF_8);
        Job job = new Job(in.readLong(), in.readLong(), in.readLong(), in.readLong(), in.readInt(), in.readLong(),
                in.readInt(), in.readInt(), in.readInt(), in.readInt(), in.readBoolean(),
                new Communication(in.readBoolean(), in.readDouble()));
        JobRecord r = new JobRecord(job, in.readLong(), in.readLong(), in.readLong(), in.readInt(), in.readUTF(),
                in.readInt(), in.readUTF(), in.readBoolean());
        return new Entry(r, row);
    }

    /** Removes the file. */
    @Override
    public void close() throws IOException {
        if (!ended) {
            ended = true;
            writer.abandon();
        }
        out.close();
        Files.deleteIfExists(file);
    }
}

package org.bgctl.report;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;

/**
 * Longs added in any order, read back sorted, in memory of a bounded size: up to {@code chunk} values are sorted in
 * memory; beyond that each full chunk is sorted and written to a temporary file, and the files are merged as they
 * are read. Exact, whatever the number of values.
 */
final class SortedLongs implements Closeable {

    /** Values sorted in memory at once: 8 MiB. */
    static final int CHUNK = 1 << 20;

    private final int chunk;
    private long[] values;
    private int n;
    private long size;
    private final List<Path> runs = new ArrayList<>();

    SortedLongs() {
        this(CHUNK);
    }

    SortedLongs(int chunk) {
        this.chunk = chunk;
        this.values = new long[Math.min(1024, chunk)];
    }

    void add(long v) {
        if (n == values.length) {
            if (n >= chunk) spill();
            else values = Arrays.copyOf(values, Math.min(chunk, 2 * n));
        }
        values[n++] = v;
        size++;
    }

    long size() {
        return size;
    }

    /** Sorts the chunk in memory and writes it out as one sorted run. */
    private void spill() {
        Arrays.sort(values, 0, n);
        try {
            Path run = Files.createTempFile("bgctl-sort", ".run");
            runs.add(run);
            try (DataOutputStream out = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(run), 1 << 16))) {
                for (int i = 0; i < n; i++) out.writeLong(values[i]);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        n = 0;
    }

    /** Every value added, in ascending order; call once, after the last {@link #add}. */
    Cursor sorted() throws IOException {
        Arrays.sort(values, 0, n);
        List<Source> sources = new ArrayList<>();
        sources.add(new Memory(values, n));
        for (Path run : runs) sources.add(new RunFile(run));
        return new Cursor(sources);
    }

    /** Removes the temporary files. */
    @Override
    public void close() throws IOException {
        for (Path run : runs) Files.deleteIfExists(run);
        runs.clear();
    }

    /** The values in ascending order. */
    static final class Cursor implements Closeable {
        private final PriorityQueue<Source> heads =
                new PriorityQueue<>((a, b) -> Long.compare(a.head(), b.head()));
        private final List<Source> all;

        private Cursor(List<Source> sources) throws IOException {
            this.all = sources;
            for (Source s : sources) if (s.advance()) heads.add(s);
        }

        boolean hasNext() {
            return !heads.isEmpty();
        }

        long next() throws IOException {
            Source s = heads.poll();
            long v = s.head();
            if (s.advance()) heads.add(s);
            return v;
        }

        @Override
        public void close() throws IOException {
            for (Source s : all) s.close();
        }
    }

    private interface Source extends Closeable {
        /** Moves to the next value; false at the end. */
        boolean advance() throws IOException;

        long head();

        @Override
        default void close() throws IOException {
        }
    }

    private static final class Memory implements Source {
        private final long[] values;
        private final int n;
        private int i = -1;

        Memory(long[] values, int n) {
            this.values = values;
            this.n = n;
        }

        @Override
        public boolean advance() {
            return ++i < n;
        }

        @Override
        public long head() {
            return values[i];
        }
    }

    private static final class RunFile implements Source {
        private final DataInputStream in;
        private long head;

        RunFile(Path file) throws IOException {
            this.in = new DataInputStream(new BufferedInputStream(Files.newInputStream(file), 1 << 16));
        }

        @Override
        public boolean advance() throws IOException {
            try {
                head = in.readLong();
                return true;
            } catch (EOFException end) {
                return false;
            }
        }

        @Override
        public long head() {
            return head;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }
}

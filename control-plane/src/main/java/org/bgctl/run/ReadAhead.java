package org.bgctl.run;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * An iterator that reads its source on a thread of its own, a chunk ahead of the consumer, so that
 * reading and parsing a trace overlaps with scheduling it. The elements come out in the source's
 * order, so a run is the same with or without it. An exception the source throws is thrown by
 * {@link #hasNext()} or {@link #next()} where the element that could not be read would have come,
 * after every element read before it. {@link #close()} stops the reading thread and waits for it,
 * so the source can be closed afterwards.
 */
public final class ReadAhead<T> implements Iterator<T>, AutoCloseable {

    static final int CHUNK = 512;
    private static final int CHUNKS_AHEAD = 8;

    /** What the reading thread hands over: elements, then a last chunk that says how reading ended. */
    private record Chunk<T>(List<T> elements, boolean last, RuntimeException failure) {
    }

    private final BlockingQueue<Chunk<T>> chunks = new ArrayBlockingQueue<>(CHUNKS_AHEAD);
    private final Thread reader;
    private Chunk<T> current;
    private int position;

    /**
     * Starts reading {@code source} on a daemon thread named {@code name}; the source is read from
     * that thread only, from now on.
     */
    public ReadAhead(Iterator<T> source, String name) {
        reader = new Thread(() -> read(source), name);
        reader.setDaemon(true);
        reader.start();
    }

    private void read(Iterator<T> source) {
        try {
            while (true) {
                List<T> elements = new ArrayList<>(CHUNK);
                boolean last = false;
                RuntimeException failure = null;
                try {
                    while (elements.size() < CHUNK && !(last = !source.hasNext())) elements.add(source.next());
                } catch (RuntimeException e) {
                    failure = e;
                    last = true;
                }
                chunks.put(new Chunk<>(elements, last, failure));
                if (last) return;
            }
        } catch (InterruptedException e) {
            // closed by the consumer: stop reading
        }
    }

    @Override
    public boolean hasNext() {
        while (current == null || position == current.elements().size()) {
            if (current != null && current.last()) {
                if (current.failure() != null) throw current.failure();
                return false;
            }
            current = take();
            position = 0;
        }
        return true;
    }

    @Override
    public T next() {
        if (!hasNext()) throw new NoSuchElementException("no more elements");
        return current.elements().get(position++);
    }

    private Chunk<T> take() {
        try {
            return chunks.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + reader.getName(), e);
        }
    }

    /** Stops the reading thread, if it is still reading, and waits until it has stopped. */
    @Override
    public void close() {
        reader.interrupt();
        try {
            reader.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

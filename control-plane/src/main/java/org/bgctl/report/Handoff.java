package org.bgctl.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * Elements handed over in batches to a thread of their own, which takes them batch by batch in the order given: the
 * giving thread only fills arrays, and goes on. One thread takes, so what it does does not depend on timing. At most
 * {@code inFlight} batches wait for it, which bounds the memory. A failure of the taking thread is thrown to the
 * giving thread by its next call, as an {@link UncheckedIOException} for an I/O error, the same exception for
 * another runtime exception.
 *
 * @param <T> the elements
 */
public final class Handoff<T> {

    /**
     * What the taking thread does with each batch, in order. The taker walks a batch's elements itself: a loop of its
     * own is compiled with its own work inlined, where one loop shared by every taker was compiled (mid-loop) with
     * the work of all of them.
     */
    @FunctionalInterface
    public interface Taker<T> {
        void take(List<T> batch) throws IOException;
    }

    /** What the taking thread does after the last element. */
    @FunctionalInterface
    public interface End {
        void run() throws IOException;
    }

    /** Handed over after the last batch. */
    private static final Object[] END = new Object[0];

    private final int batchSize;
    private final BlockingQueue<Object[]> batches;
    private final Thread taker;
    private volatile Throwable failure;
    private Object[] batch;
    private int inBatch;
    private boolean ended;

    /**
     * Starts the daemon thread {@code name}, which gives every batch of at most {@code batchSize} elements to
     * {@code each} and, after the last, runs {@code end}.
     */
    public Handoff(String name, int batchSize, int inFlight, Taker<T> each, End end) {
        this.batchSize = batchSize;
        this.batches = new ArrayBlockingQueue<>(inFlight);
        this.batch = new Object[batchSize];
        taker = new Thread(() -> take(each, end), name);
        taker.setDaemon(true);
        taker.start();
    }

    /** Hands {@code element} over (with the next full batch). */
    public void give(T element) {
        batch[inBatch++] = element;
        if (inBatch == batchSize) {
            hand(batch);
            batch = new Object[batchSize];
            inBatch = 0;
        }
    }

    /**
     * Hands the last batch over and waits until every element is taken and the end is run; throws the taking
     * thread's failure. Does nothing after the first call.
     */
    public void finish() {
        if (ended) return;
        ended = true;
        if (inBatch > 0) hand(Arrays.copyOf(batch, inBatch));
        batch = null;
        hand(END);
        try {
            taker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + taker.getName(), e);
        }
        rethrowFailure();
    }

    /** Stops the taking thread without waiting for what is left (a run given up); does nothing once finished. */
    public void abandon() {
        if (ended) return;
        ended = true;
        taker.interrupt();
        try {
            taker.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void hand(Object[] elements) {
        try {
            while (!batches.offer(elements, 100, TimeUnit.MILLISECONDS)) rethrowFailure();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while handing over to " + taker.getName(), e);
        }
        rethrowFailure();
    }

    private void rethrowFailure() {
        Throwable t = failure;
        if (t == null) return;
        if (t instanceof UncheckedIOException u) throw new UncheckedIOException(u.getMessage(), u.getCause());
        if (t instanceof RuntimeException r) throw r;
        throw new IllegalStateException(taker.getName() + " failed: " + t, t);
    }

    @SuppressWarnings("unchecked")
    private void take(Taker<T> each, End end) {
        try {
            for (Object[] elements = batches.take(); elements != END; elements = batches.take()) {
                each.take((List<T>) Arrays.asList(elements));
            }
            end.run();
        } catch (InterruptedException e) {
            failure = e;
        } catch (IOException e) {
            failure = new UncheckedIOException(e);
        } catch (RuntimeException | Error e) {
            failure = e;
        }
    }
}

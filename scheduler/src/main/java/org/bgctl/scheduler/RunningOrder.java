package org.bgctl.scheduler;

import java.util.AbstractCollection;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.function.ToLongFunction;

/**
 * Running jobs in (time, job id) order, for one of a job's times (its end, its estimated end, its boot's end): a
 * sorted array of the jobs with their times and ids beside them as numbers, so that finding a job's place reads no
 * record. {@link RunningJob#estimatedEnd()} reads the job, its allocation and its communication class, and a tree
 * ordered by a comparator of such times read them at every step of every search. A job's place is found by binary
 * search and the jobs after it are moved by one: the scheduler runs at most a few hundred jobs at once, for which
 * moving an array is cheaper than a tree's nodes. As a collection it is read-only (its {@code add} and {@code remove}
 * refuse), iterated in that order.
 */
final class RunningOrder extends AbstractCollection<RunningJob> {

    private final ToLongFunction<RunningJob> time;
    private long[] times = new long[16];
    private long[] ids = new long[16];
    private RunningJob[] jobs = new RunningJob[16];
    private int size;

    /** An empty order by {@code time}, which must give a job the same time whenever it is asked. */
    RunningOrder(ToLongFunction<RunningJob> time) {
        this.time = time;
    }

    /** Adds {@code r}; false when a job of the same time and id is already in. */
    boolean insert(RunningJob r) {
        long t = time.applyAsLong(r);
        int at = search(t, r.id());
        if (at >= 0) return false;
        at = -at - 1;
        if (size == jobs.length) grow();
        System.arraycopy(times, at, times, at + 1, size - at);
        System.arraycopy(ids, at, ids, at + 1, size - at);
        System.arraycopy(jobs, at, jobs, at + 1, size - at);
        times[at] = t;
        ids[at] = r.id();
        jobs[at] = r;
        size++;
        return true;
    }

    /** Removes the job of {@code r}'s time and id; false when there is none. */
    boolean delete(RunningJob r) {
        int at = search(time.applyAsLong(r), r.id());
        if (at < 0) return false;
        int after = size - at - 1;
        System.arraycopy(times, at + 1, times, at, after);
        System.arraycopy(ids, at + 1, ids, at, after);
        System.arraycopy(jobs, at + 1, jobs, at, after);
        jobs[--size] = null;
        return true;
    }

    /** The first job's time; {@link Long#MAX_VALUE} when there is none. */
    long firstTime() {
        return size == 0 ? Long.MAX_VALUE : times[0];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    @Override
    public Iterator<RunningJob> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public RunningJob next() {
                if (next >= size) throw new NoSuchElementException();
                return jobs[next++];
            }
        };
    }

    /** The index of (t, id), or -(where it would go) - 1. */
    private int search(long t, long id) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int c = times[mid] != t ? Long.compare(times[mid], t) : Long.compare(ids[mid], id);
            if (c < 0) lo = mid + 1;
            else if (c > 0) hi = mid - 1;
            else return mid;
        }
        return -(lo + 1);
    }

    private void grow() {
        int n = jobs.length * 2;
        times = Arrays.copyOf(times, n);
        ids = Arrays.copyOf(ids, n);
        jobs = Arrays.copyOf(jobs, n);
    }
}

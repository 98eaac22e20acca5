package org.bgctl.scheduler;

import java.util.AbstractCollection;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Running jobs in (time, job id) order, for one of a job's times (its end, its estimated end, its boot's end): a
 * sorted array of the jobs with their times and ids beside them as numbers, so that finding a job's place reads no
 * record. {@link RunningJob#estimatedEnd()} reads the job, its allocation and its communication class, and a tree
 * ordered by a comparator of such times read them at every step of every search. A job's place is found by binary
 * search and the jobs on its shorter side are moved by one: the scheduler runs at most a few hundred jobs at once, for
 * which moving an array is cheaper than a tree's nodes. The jobs sit in the middle of their arrays, with room on both
 * sides, so that the job that ends first, which is the one most often removed, leaves without moving the others. As a
 * collection it is read-only (its {@code add} and {@code remove} refuse), iterated in that order.
 */
final class RunningOrder extends AbstractCollection<RunningJob> {

    /** Which of a running job's times orders the jobs. */
    enum Time {
        END, ESTIMATED_END, BOOT_END;

        /**
         * {@code r}'s time: a switch the compiler inlines whole, where a function per order made the call in
         * {@link #insert} and {@link #delete}, which sees all three, a call through an interface table.
         */
        long of(RunningJob r) {
            return switch (this) {
                case END -> r.end();
                case ESTIMATED_END -> r.estimatedEnd();
                case BOOT_END -> r.bootEnd();
            };
        }
    }

    private final Time time;
    private long[] times = new long[16];
    private long[] ids = new long[16];
    private RunningJob[] jobs = new RunningJob[16];
    /** The jobs are at [head, head + size) of the arrays. */
    private int head = 8;
    private int size;

    /** An empty order by {@code time}. */
    RunningOrder(Time time) {
        this.time = time;
    }

    /** Adds {@code r}; false when a job of the same time and id is already in. */
    boolean insert(RunningJob r) {
        long t = time.of(r);
        int at = search(t, r.id());
        if (at >= 0) return false;
        at = -at - 1;
        if (at < size - at && head > 0) {
            // the jobs before r's place move one towards the front
            move(head, head - 1, at);
            head--;
        } else {
            if (head + size == jobs.length) recentre();
            move(head + at, head + at + 1, size - at);
        }
        int i = head + at;
        times[i] = t;
        ids[i] = r.id();
        jobs[i] = r;
        size++;
        return true;
    }

    /** Removes the job of {@code r}'s time and id; false when there is none. */
    boolean delete(RunningJob r) {
        int at = search(time.of(r), r.id());
        if (at < 0) return false;
        if (at < size - at - 1) {
            // the jobs before it move one towards the back
            move(head, head + 1, at);
            jobs[head++] = null;
        } else {
            move(head + at + 1, head + at, size - at - 1);
            jobs[head + size - 1] = null;
        }
        size--;
        return true;
    }

    /** Moves {@code n} jobs with their times and ids from index {@code from} to index {@code to}. */
    private void move(int from, int to, int n) {
        System.arraycopy(times, from, times, to, n);
        System.arraycopy(ids, from, ids, to, n);
        System.arraycopy(jobs, from, jobs, to, n);
    }

    /** The first job's time; {@link Long#MAX_VALUE} when there is none. */
    long firstTime() {
        return size == 0 ? Long.MAX_VALUE : times[head];
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** The jobs in order, copied at once rather than one by one through an iterator: the scheduler's views copy them. */
    @Override
    public Object[] toArray() {
        Object[] copy = new Object[size];
        System.arraycopy(jobs, head, copy, 0, size);
        return copy;
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
                return jobs[head + next++];
            }
        };
    }

    /** The index of (t, id), or -(where it would go) - 1. */
    private int search(long t, long id) {
        int lo = 0;
        int hi = size - 1;
        while (lo <= hi) {
            int mid = (lo + hi) >>> 1;
            int i = head + mid;
            int c = times[i] != t ? Long.compare(times[i], t) : Long.compare(ids[i], id);
            if (c < 0) lo = mid + 1;
            else if (c > 0) hi = mid - 1;
            else return mid;
        }
        return -(lo + 1);
    }

    /** With no room after the jobs: puts them in the middle of their arrays, twice as long once half full. */
    private void recentre() {
        int n = size >= jobs.length / 2 ? jobs.length * 2 : jobs.length;
        int at = (n - size) / 2;
        long[] newTimes = new long[n];
        long[] newIds = new long[n];
        RunningJob[] newJobs = new RunningJob[n];
        System.arraycopy(times, head, newTimes, at, size);
        System.arraycopy(ids, head, newIds, at, size);
        System.arraycopy(jobs, head, newJobs, at, size);
        times = newTimes;
        ids = newIds;
        jobs = newJobs;
        head = at;
    }
}

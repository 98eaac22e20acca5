package org.bgctl.scheduler;

import java.util.Arrays;

/**
 * The waiting jobs of one demand in queue order ({@link Job#QUEUE_ORDER}), with their estimates side by side: a
 * policy that passes over the jobs too long for a bound reads an array of numbers instead of walking a tree. Changed
 * only by the scheduler; read-only to policies.
 */
public final class DemandQueue {
    private Job[] jobs = new Job[8];
    private long[] estimates = new long[8];
    private int size;

    DemandQueue() {
    }

    /** Adds a job that is not queued yet. */
    void add(Job job) {
        int at = Arrays.binarySearch(jobs, 0, size, job, Job.QUEUE_ORDER);
        if (at >= 0) throw new IllegalStateException("job " + job.id() + " is already queued");
        at = -at - 1;
        if (size == jobs.length) {
            jobs = Arrays.copyOf(jobs, 2 * size);
            estimates = Arrays.copyOf(estimates, 2 * size);
        }
        System.arraycopy(jobs, at, jobs, at + 1, size - at);
        System.arraycopy(estimates, at, estimates, at + 1, size - at);
        jobs[at] = job;
        estimates[at] = job.estimate();
        size++;
    }

    /** Removes a queued job. */
    void remove(Job job) {
        int at = Arrays.binarySearch(jobs, 0, size, job, Job.QUEUE_ORDER);
        if (at < 0) throw new IllegalStateException("job " + job.id() + " is not queued");
        System.arraycopy(jobs, at + 1, jobs, at, size - at - 1);
        System.arraycopy(estimates, at + 1, estimates, at, size - at - 1);
        jobs[--size] = null;
    }

    /** The number of waiting jobs. */
    public int size() {
        return size;
    }

    public boolean isEmpty() {
        return size == 0;
    }

    /** The job at {@code position} in queue order, from 0. */
    public Job get(int position) {
        if (position < 0 || position >= size)
            throw new IndexOutOfBoundsException("position " + position + " of " + size + " waiting jobs");
        return jobs[position];
    }

    /** The position of the first job after {@code job} in queue order; {@code job} need not be waiting. */
    public int after(Job job) {
        int at = Arrays.binarySearch(jobs, 0, size, job, Job.QUEUE_ORDER);
        return at >= 0 ? at + 1 : -at - 1;
    }

    /** The position of the first job at or after {@code from} estimated at most {@code maxEstimate}; {@link #size()} when none is. */
    public int nextWithin(int from, long maxEstimate) {
        int i = from;
        while (i < size && estimates[i] > maxEstimate) i++;
        return i;
    }
}

package org.bgctl.scheduler.policy;

import java.util.Arrays;
import org.bgctl.scheduler.Reservation;
import org.bgctl.scheduler.RunningJob;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.TimeBounds;

/**
 * Free nodes over future time as a step function: {@code free[i]} nodes are free from
 * {@code times[i]} until {@code times[i+1]} (the last step lasts forever). Used by
 * conservative backfilling to place reservations, and by EASY on interchangeable nodes when windows are reserved.
 */
final class CapacityProfile {

    private long[] times;
    private int[] free;
    private int size;

    /** A profile starting at {@code now} with {@code freeNow} nodes free. */
    CapacityProfile(long now, int freeNow) {
        times = new long[16];
        free = new int[16];
        times[0] = now;
        free[0] = freeNow;
        size = 1;
    }

    /**
     * The profile of a pass: {@code freeNow} nodes free now, each running job's nodes free from its estimated
     * end on, and each window's nodes taken while it lasts (from now on, for one under way).
     */
    static CapacityProfile of(SchedulingView view, int freeNow) {
        long now = view.now();
        CapacityProfile profile = new CapacityProfile(now, freeNow);
        for (RunningJob r : view.runningByEstimatedEnd()) {
            profile.releaseAt(Math.max(r.estimatedEnd(), now), r.allocation().nodes());
        }
        for (Reservation w : view.reservations().windows()) {
            if (w.end() <= now) continue;
            long from = Math.max(w.start(), now);
            profile.reserve(from, w.end() - from, w.nodes());
        }
        return profile;
    }

    /** {@code nodes} more nodes are free from time {@code t} on. */
    void releaseAt(long t, int nodes) {
        int i = split(t);
        for (int k = i; k < size; k++) free[k] += nodes;
    }

    /**
     * The earliest time at which {@code nodes} nodes are free for {@code duration} seconds
     * (a zero duration needs them at that instant only).
     */
    long earliestStart(int nodes, long duration) {
        int i = 0;
        while (true) {
            while (i < size && free[i] < nodes) i++;
            if (i == size) return Long.MAX_VALUE;
            long start = times[i];
            long end = TimeBounds.plus(start, duration);
            int k = i + 1;
            while (k < size && times[k] < end && free[k] >= nodes) k++;
            if (k == size || times[k] >= end) return start;
            i = k;
        }
    }

    /** Takes {@code nodes} nodes from {@code start} for {@code duration} seconds. */
    void reserve(long start, long duration, int nodes) {
        if (duration <= 0) return;
        int i = split(start);
        int j = split(TimeBounds.plus(start, duration));
        for (int k = i; k < j; k++) free[k] -= nodes;
    }

    /** Index of the step that begins exactly at {@code t}, inserting one if needed. */
    private int split(long t) {
        int at = Arrays.binarySearch(times, 0, size, t);
        if (at >= 0) return at;
        int ins = -at - 1;
        if (size == times.length) {
            times = Arrays.copyOf(times, size * 2);
            free = Arrays.copyOf(free, size * 2);
        }
        System.arraycopy(times, ins, times, ins + 1, size - ins);
        System.arraycopy(free, ins, free, ins + 1, size - ins);
        times[ins] = t;
        free[ins] = free[ins - 1];
        size++;
        return ins;
    }
}

package org.bgctl.scheduler;

import java.util.List;

/**
 * Health changes scheduled in virtual time, in nondecreasing time order, taken one timestamp at a
 * time like {@link Arrivals}. Both executors apply them at their instant after the jobs that end
 * then and before the jobs that arrive then, and only while jobs remain — to arrive, running or
 * queued — so a source may go on forever.
 */
public interface HealthChanges {

    /** No faults. */
    HealthChanges NONE = new HealthChanges() {
        @Override
        public long nextTime() {
            return Long.MAX_VALUE;
        }

        @Override
        public List<HealthChange> takeAt(long t) {
            return List.of();
        }
    };

    /** The time of the next change, or {@link Long#MAX_VALUE} when none is left. */
    long nextTime();

    /** The changes at {@code t}, in the order they apply; none may be left from before t. */
    List<HealthChange> takeAt(long t);

    /**
     * The next instant of a run — the earliest of the next arrival, the next end of a running job and,
     * while jobs remain, the next health change — or {@link Long#MAX_VALUE} when nothing is left.
     */
    static long nextInstant(Arrivals arrivals, long nextFinish, boolean jobsWaitingOrRunning, HealthChanges health) {
        long t = Math.min(arrivals.nextTime(), nextFinish);
        boolean jobsRemain = jobsWaitingOrRunning || arrivals.nextTime() != Long.MAX_VALUE;
        return jobsRemain ? Math.min(t, health.nextTime()) : t;
    }
}

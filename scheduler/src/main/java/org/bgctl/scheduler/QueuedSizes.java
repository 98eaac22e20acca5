package org.bgctl.scheduler;

/**
 * How many waiting jobs ask for each node count, and the fewest nodes any of them asks for: a scheduling pass with
 * fewer nodes free than that can start none of them. A job asking for more nodes than the machine has is counted as
 * asking for all of them (it can start no sooner), so the counts take no more room than the machine's size.
 */
final class QueuedSizes {

    /** jobs[n]: the waiting jobs asking for n nodes. */
    private final int[] jobs;
    /** All the waiting jobs: when the last leaves, no count is looked through for the next fewest. */
    private int waiting;
    private int fewest = Integer.MAX_VALUE;

    /** No waiting job, on a machine of {@code capacity} nodes. */
    QueuedSizes(int capacity) {
        jobs = new int[capacity + 1];
    }

    void add(int nodes) {
        int n = Math.min(nodes, jobs.length - 1);
        jobs[n]++;
        waiting++;
        if (n < fewest) fewest = n;
    }

    void remove(int nodes) {
        int n = Math.min(nodes, jobs.length - 1);
        waiting--;
        if (--jobs[n] > 0 || n != fewest) return;
        if (waiting == 0) {
            fewest = Integer.MAX_VALUE;
            return;
        }
        while (++n < jobs.length && jobs[n] == 0) {
            // the next node count some waiting job asks for
        }
        fewest = n < jobs.length ? n : Integer.MAX_VALUE;
    }

    /** The fewest nodes a waiting job asks for; {@link Integer#MAX_VALUE} when none waits. */
    int fewest() {
        return fewest;
    }
}

package org.bgctl.scheduler;

/**
 * How many waiting jobs ask for each node count, and the fewest nodes any of them asks for: a scheduling pass with
 * fewer nodes free than that can start none of them. A job asking for more nodes than the machine has is counted as
 * asking for all of them (it can start no sooner), so the counts take no more room than the machine's size.
 */
final class QueuedSizes {

    /** jobs[n]: the waiting jobs asking for n nodes. */
    private final int[] jobs;
    /**
     * Bit n % 64 of asked[n / 64] set when jobs[n] > 0: the next node count some job asks for is found a word of 64
     * counts at a time (on a machine of 65,536 nodes whose jobs ask for whole midplanes of 512, most counts are 0).
     */
    private final long[] asked;
    /** All the waiting jobs: when the last leaves, no count is looked through for the next fewest. */
    private int waiting;
    private int fewest = Integer.MAX_VALUE;

    /** No waiting job, on a machine of {@code capacity} nodes. */
    QueuedSizes(int capacity) {
        jobs = new int[capacity + 1];
        asked = new long[(capacity >> 6) + 1];
    }

    void add(int nodes) {
        int n = Math.min(nodes, jobs.length - 1);
        if (jobs[n]++ == 0) asked[n >> 6] |= 1L << n;
        waiting++;
        if (n < fewest) fewest = n;
    }

    void remove(int nodes) {
        int n = Math.min(nodes, jobs.length - 1);
        waiting--;
        if (--jobs[n] > 0) return;
        asked[n >> 6] &= ~(1L << n);
        if (n == fewest) fewest = waiting == 0 ? Integer.MAX_VALUE : nextAsked(n);
    }

    /** The least node count above {@code n} (whose bit is clear) that some waiting job asks for; one is. */
    private int nextAsked(int n) {
        int word = n >> 6;
        long above = asked[word] & -(1L << n);
        while (above == 0) above = asked[++word];
        return (word << 6) + Long.numberOfTrailingZeros(above);
    }

    /** The fewest nodes a waiting job asks for; {@link Integer#MAX_VALUE} when none waits. */
    int fewest() {
        return fewest;
    }
}

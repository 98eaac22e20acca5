package org.bgctl.scheduler.policy.nqs;

/**
 * An NQS batch queue of a Paragon site (Wan et al., sections 2.2-2.3 and Table 5).
 *
 * @param name      the queue's name, e.g. {@code q64l}
 * @param maxNodes  the most nodes a job of the queue may ask for
 * @param timeLimit the longest run a job of the queue may ask for, in seconds
 * @param nodeGroup the node group its jobs run on
 * @param priority  the queue priority, the base of its jobs' priority
 */
public record NqsQueue(String name, int maxNodes, long timeLimit, String nodeGroup, double priority) {

    /** Whether the queue admits a job of {@code nodes} nodes asking for {@code seconds}. */
    public boolean admits(int nodes, long seconds) {
        return nodes <= maxNodes && seconds <= timeLimit;
    }
}

package org.bgctl.scheduler.policy.nqs;

/**
 * The queue a job was routed to, and whether it exceeds one of the queue's limits (no queue of its
 * pipe admitted it).
 *
 * @param queue     the queue
 * @param overLimit whether the job asks for more nodes or time than the queue allows
 */
public record QueueRoute(NqsQueue queue, boolean overLimit) {
}

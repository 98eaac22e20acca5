package org.bgctl.scheduler;

import org.bgctl.machine.Allocation;

/**
 * A policy's decision: start this job now on this allocation.
 *
 * @param job        the job, taken from the queue
 * @param allocation where it runs
 */
public record Start(Job job, Allocation allocation) {
}

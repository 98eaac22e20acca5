package org.bgctl.scheduler;

/**
 * Nodes a gang's wide job shares with one of its small jobs on one unit (preemptive FCFS): the nodes it
 * borrowed of a suspended job's, which both hold, counted once. Agents learn it again after a restart.
 *
 * @param unit    the unit
 * @param wideJob the wide job
 * @param lender  the small job
 * @param nodes   the nodes both hold there
 */
public record GangLoan(String unit, long wideJob, long lender, int nodes) {
}

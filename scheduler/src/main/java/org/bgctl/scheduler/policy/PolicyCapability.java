package org.bgctl.scheduler.policy;

/** What a scheduler does besides starting queued jobs; the reports and fault checks follow from it. */
public enum PolicyCapability {
    /** Moves running jobs to other units (checkpoint, release, reserve, restart). */
    MIGRATES,
    /** Suspends running jobs for others and resumes them later (gang scheduling). */
    PREEMPTS,
    /**
     * Keeps queues of its own, those of the machine's NQS site: a run reports on each (summary.json's {@code nqs}
     * block and its CSV files).
     */
    QUEUES
}

package org.bgctl.run;

/**
 * A run through the actors that completed and wrote all its outputs, whose agents then disagreed with the scheduler's
 * own account of it ({@link org.bgctl.scheduler.audit.AgentAudit}): the run fails, and its run directory — the
 * summary with the disagreements, the job table, the journal — is kept as the evidence, not removed as a failed run's
 * is.
 */
public final class AgentsDisagree extends IllegalStateException {

    public AgentsDisagree(String message) {
        super(message);
    }
}

package org.bgctl.scheduler.event;

import org.bgctl.agents.CborSerializable;

/**
 * A fact recorded in the scheduler's journal. The journal is the source of truth of a run:
 * the scheduler's state, the job table and every report are rebuilt from these events alone.
 */
public sealed interface SchedulerEvent extends CborSerializable
        permits JobSubmitted, JobStarted, JobFinished {

    /** When it happened, in seconds of run time. */
    long time();

    /** The job it concerns. */
    long jobId();
}

package org.bgctl.scheduler.event;

/** Something that happened to a job. */
public sealed interface JobEvent extends SchedulerEvent
        permits JobSubmitted, JobStarted, JobFinished, JobKilled, BlockBooted, BootFailed, BlockFreed, JobCancelled, JobRequeued, MigrationAttempted, JobCheckpointed, JobMigrated,
        ContextSwitched {

    /** The job it concerns. */
    long jobId();
}

package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.bgctl.scheduler.Job;

/**
 * A job killed by a failed component went back to the queue (the kill policy {@code requeue}): it
 * keeps its submit time, and so its place in the queue, and will run again from the beginning.
 *
 * @param job  the job as submitted
 * @param time when it was requeued: the instant it was killed
 */
public record JobRequeued(Job job, long time) implements JobEvent {

    @JsonCreator
    public JobRequeued {
    }

    @Override
    public long jobId() {
        return job.id();
    }
}

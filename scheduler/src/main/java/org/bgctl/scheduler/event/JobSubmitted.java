package org.bgctl.scheduler.event;

import com.fasterxml.jackson.annotation.JsonCreator;
import org.bgctl.scheduler.Job;

/** A job entered the queue at its submit time. */
public record JobSubmitted(Job job) implements JobEvent {

    @JsonCreator
    public JobSubmitted {
    }

    @Override
    public long time() {
        return job.submit();
    }

    @Override
    public long jobId() {
        return job.id();
    }
}

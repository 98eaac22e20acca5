package org.bgctl.workload;

import org.bgctl.scheduler.Job;
import org.bgctl.swf.SwfRecord;

import java.util.Objects;

/**
 * A trace job after the workload transforms.
 *
 * @param job            what the scheduler runs
 * @param source         the trace line it came from, untouched (for user, group, queue and the like)
 */
public record WorkloadJob(Job job, SwfRecord source) {

    public WorkloadJob {
        Objects.requireNonNull(job, "job");
        Objects.requireNonNull(source, "source");
    }
}

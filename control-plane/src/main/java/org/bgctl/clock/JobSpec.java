package org.bgctl.clock;

import org.bgctl.machine.Geometry;
import org.bgctl.scheduler.Job;

/**
 * A job as submitted to a live server, before it has an id and a submit time.
 *
 * @param size     nodes
 * @param geometry the box and topology asked for (machines of midplanes), {@link Geometry#ANY} otherwise
 * @param estimate the user's estimate in seconds (what the scheduler plans with; also the wall-time limit)
 * @param runtime  how long the job really runs, in seconds
 */
public record JobSpec(int size, Geometry geometry, long estimate, long runtime) {

    /** The job with id {@code id}, submitted at {@code submit}. */
    public Job job(long id, long submit) {
        return new Job(id, submit, runtime, estimate, size, estimate, -1, -1, -1, -1, false, geometry);
    }
}

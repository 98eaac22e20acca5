package org.bgctl.run;

/** Receives a replay's progress from time to time (from another thread than the run's). */
@FunctionalInterface
public interface Progress {

    /**
     * @param jobsDone    job lines of the trace dealt with: jobs finished, and lines the workload set aside
     *                    (rejected, malformed, outside the window); {@code jobsTotal} once the run has ended
     * @param jobsTotal   the job lines the replay reads (counted ahead in the trace, capped by the first jobs
     *                    option), or -1 while not yet counted
     * @param virtualTime the last instant released, in seconds
     * @param events      scheduler events so far
     * @param ended       true for the last report, once every job is settled
     */
    void report(long jobsDone, long jobsTotal, long virtualTime, long events, boolean ended);

    /** Progress nobody watches: no report, and no count of the trace ahead. */
    Progress NONE = (done, total, time, events, ended) -> { };

    static Progress none() {
        return NONE;
    }
}

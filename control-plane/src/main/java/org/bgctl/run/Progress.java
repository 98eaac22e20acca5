package org.bgctl.run;

/** Receives a replay's progress from time to time (from another thread than the run's). */
@FunctionalInterface
public interface Progress {

    /**
     * @param jobsDone    jobs finished so far
     * @param jobsRead    trace jobs read so far
     * @param jobsTotal   the trace's job count when its header says (MaxJobs), else -1
     * @param virtualTime the last instant released, in seconds
     * @param events      scheduler events so far
     */
    void report(long jobsDone, long jobsRead, long jobsTotal, long virtualTime, long events);

    static Progress none() {
        return (done, read, total, time, events) -> { };
    }
}

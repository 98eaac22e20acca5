package org.bgctl.workload;

import org.bgctl.scheduler.Job;

/**
 * The offered load of a stream of jobs on a machine of N nodes: the work submitted per unit of
 * capacity over the span of the arrivals,
 * <pre>  ρ = Σ size·run / ((last submit − first submit) · N)</pre>
 * with size and run time as the scheduler receives them (after every workload transform).
 * Scaling inter-arrival times by F scales the span by F and so the offered load by 1/F: a
 * target load ρ is reached with {@code F = ρ_trace / ρ} (see {@link #arrivalScaleFor}).
 */
public final class OfferedLoad {

    private double work;
    private long firstSubmit = Long.MAX_VALUE;
    private long lastSubmit = Long.MIN_VALUE;

    /** Counts one submitted job. */
    public void add(Job job) {
        work += (double) job.size() * job.runtime();
        firstSubmit = Math.min(firstSubmit, job.submit());
        lastSubmit = Math.max(lastSubmit, job.submit());
    }

    /** The offered load on {@code nodes} nodes; NaN when the jobs span no time (fewer than two instants). */
    public double on(int nodes) {
        if (lastSubmit <= firstSubmit) return Double.NaN;
        return work / ((double) (lastSubmit - firstSubmit) * nodes);
    }

    /** The offered load of {@code jobs} on {@code nodes} nodes; NaN when they span no time. */
    public static double of(Iterable<Job> jobs, int nodes) {
        OfferedLoad load = new OfferedLoad();
        for (Job job : jobs) load.add(job);
        return load.on(nodes);
    }

    /**
     * The arrival scale that turns a workload of offered load {@code traceLoad} into one of
     * {@code targetLoad}: {@code traceLoad / targetLoad}.
     *
     * @throws IllegalArgumentException when either load is not positive and finite
     */
    public static double arrivalScaleFor(double traceLoad, double targetLoad) {
        if (!(targetLoad > 0) || Double.isInfinite(targetLoad))
            throw new IllegalArgumentException("the target offered load must be positive, was " + targetLoad);
        if (!(traceLoad > 0) || Double.isInfinite(traceLoad))
            throw new IllegalArgumentException("the workload has no measurable offered load (" + traceLoad
                    + "): it needs jobs with work submitted at two or more instants");
        return traceLoad / targetLoad;
    }
}

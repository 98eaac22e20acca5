package org.bgctl.workload;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * How a trace becomes a workload; see {@link Workload} for the exact rules.
 *
 * @param firstJobs          read only the first N job lines of the trace, counted from its start whether kept,
 *                           rejected or outside the window (lines a lenient reader skips do not count); 0 reads all
 * @param fromSubmit         keep jobs whose original submit time (field 2, seconds) is at least this
 * @param toSubmit           keep jobs whose original submit time is below this (exclusive);
 *                           {@link Long#MIN_VALUE} / {@link Long#MAX_VALUE} leave the window open
 * @param sizeMultiply       multiply each size by k (at least 1)
 * @param sizeDivide         divide each size by k, rounding up (at least 1)
 * @param runtimeCoefficient multiply run times and requested times by c (positive)
 * @param arrivalScale       multiply the time since the first kept job's submit by this (positive);
 *                           below 1 compresses arrivals and raises the offered load
 * @param estimateSource     where the scheduler's run-time estimate comes from
 * @param enforceWalltime    kill jobs that run past their requested time
 * @param geometry           size units, shapes and topologies of jobs on a machine of midplanes
 * @param jobClasses         which jobs are communication-intensive, and their gain on a contiguous block
 * @param firstKept          stop once N jobs are kept (rejected lines and lines outside the window do not count);
 *                           0 keeps all. "The first 10,000 jobs that ran" of a trace whose cancelled jobs have no run
 */
public record WorkloadOptions(long firstJobs, long fromSubmit, long toSubmit, int sizeMultiply, int sizeDivide,
                              double runtimeCoefficient, double arrivalScale, EstimateSource estimateSource,
                              boolean enforceWalltime, GeometryOptions geometry, JobClasses jobClasses,
                              long firstKept) {

    public WorkloadOptions {
        if (firstJobs < 0) throw new IllegalArgumentException("--first must be 0 (all) or positive, was " + firstJobs);
        if (fromSubmit >= toSubmit)
            throw new IllegalArgumentException("--from (" + fromSubmit + ") must be below "
                    + (toSubmit == Long.MAX_VALUE ? "the last second, " + toSubmit : "--to (" + toSubmit + ")"));
        if (sizeMultiply < 1) throw new IllegalArgumentException("--size-multiply must be at least 1, was " + sizeMultiply);
        if (sizeDivide < 1) throw new IllegalArgumentException("--size-divide must be at least 1, was " + sizeDivide);
        if (!(runtimeCoefficient > 0) || Double.isInfinite(runtimeCoefficient))
            throw new IllegalArgumentException("--runtime-coefficient must be positive and finite, was " + runtimeCoefficient);
        if (!(arrivalScale > 0) || Double.isInfinite(arrivalScale))
            throw new IllegalArgumentException("--arrival-scale must be positive and finite, was " + arrivalScale);
        Objects.requireNonNull(estimateSource, "estimateSource");
        Objects.requireNonNull(geometry, "geometry");
        Objects.requireNonNull(jobClasses, "jobClasses");
        if (firstKept < 0) throw new IllegalArgumentException("--first-kept must be 0 (all) or positive, was " + firstKept);
    }

    /** Options that keep every job of the selection. */
    public WorkloadOptions(long firstJobs, long fromSubmit, long toSubmit, int sizeMultiply, int sizeDivide,
                           double runtimeCoefficient, double arrivalScale, EstimateSource estimateSource,
                           boolean enforceWalltime, GeometryOptions geometry, JobClasses jobClasses) {
        this(firstJobs, fromSubmit, toSubmit, sizeMultiply, sizeDivide, runtimeCoefficient, arrivalScale,
                estimateSource, enforceWalltime, geometry, jobClasses, 0);
    }

    /** Options with job geometry in which no job is communication-intensive. */
    public WorkloadOptions(long firstJobs, long fromSubmit, long toSubmit, int sizeMultiply, int sizeDivide,
                           double runtimeCoefficient, double arrivalScale, EstimateSource estimateSource,
                           boolean enforceWalltime, GeometryOptions geometry) {
        this(firstJobs, fromSubmit, toSubmit, sizeMultiply, sizeDivide, runtimeCoefficient, arrivalScale,
                estimateSource, enforceWalltime, geometry, JobClasses.NONE);
    }

    /** Options with job classes and without job geometry: sizes in nodes, any box, mesh. */
    public WorkloadOptions(long firstJobs, long fromSubmit, long toSubmit, int sizeMultiply, int sizeDivide,
                           double runtimeCoefficient, double arrivalScale, EstimateSource estimateSource,
                           boolean enforceWalltime, JobClasses jobClasses) {
        this(firstJobs, fromSubmit, toSubmit, sizeMultiply, sizeDivide, runtimeCoefficient, arrivalScale,
                estimateSource, enforceWalltime, GeometryOptions.NONE, jobClasses);
    }

    /** Options without job geometry: sizes in nodes, any box, mesh. */
    public WorkloadOptions(long firstJobs, long fromSubmit, long toSubmit, int sizeMultiply, int sizeDivide,
                           double runtimeCoefficient, double arrivalScale, EstimateSource estimateSource,
                           boolean enforceWalltime) {
        this(firstJobs, fromSubmit, toSubmit, sizeMultiply, sizeDivide, runtimeCoefficient, arrivalScale,
                estimateSource, enforceWalltime, GeometryOptions.NONE);
    }

    /**
     * The trace as it is: all jobs, no scaling, estimates from the requested time, no wall-time kills,
     * sizes in nodes, any box, mesh.
     */
    public static WorkloadOptions defaults() {
        return builder().build();
    }

    /** A builder starting from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from these options. */
    public Builder toBuilder() {
        return new Builder().firstJobs(firstJobs).submitWindow(fromSubmit, toSubmit).sizeMultiply(sizeMultiply)
                .sizeDivide(sizeDivide).runtimeCoefficient(runtimeCoefficient).arrivalScale(arrivalScale)
                .estimateSource(estimateSource).enforceWalltime(enforceWalltime).geometry(geometry)
                .jobClasses(jobClasses).firstKept(firstKept);
    }

    /** Sets options one by one; {@link #build()} validates them. */
    public static final class Builder {
        private long firstJobs;
        private long fromSubmit = Long.MIN_VALUE;
        private long toSubmit = Long.MAX_VALUE;
        private int sizeMultiply = 1;
        private int sizeDivide = 1;
        private double runtimeCoefficient = 1.0;
        private double arrivalScale = 1.0;
        private EstimateSource estimateSource = EstimateSource.REQUESTED;
        private boolean enforceWalltime;
        private GeometryOptions geometry = GeometryOptions.NONE;
        private JobClasses jobClasses = JobClasses.NONE;
        private long firstKept;

        private Builder() {
        }

        public Builder firstJobs(long n) {
            firstJobs = n;
            return this;
        }

        /** Keeps jobs whose original submit time is in [from, to). */
        public Builder submitWindow(long from, long to) {
            fromSubmit = from;
            toSubmit = to;
            return this;
        }

        public Builder sizeMultiply(int k) {
            sizeMultiply = k;
            return this;
        }

        public Builder sizeDivide(int k) {
            sizeDivide = k;
            return this;
        }

        public Builder runtimeCoefficient(double c) {
            runtimeCoefficient = c;
            return this;
        }

        public Builder arrivalScale(double factor) {
            arrivalScale = factor;
            return this;
        }

        public Builder estimateSource(EstimateSource source) {
            estimateSource = source;
            return this;
        }

        public Builder enforceWalltime(boolean enforce) {
            enforceWalltime = enforce;
            return this;
        }

        public Builder geometry(GeometryOptions options) {
            geometry = options;
            return this;
        }

        public Builder jobClasses(JobClasses classes) {
            jobClasses = classes;
            return this;
        }

        /** Stop once {@code n} jobs are kept (0: keep all). */
        public Builder firstKept(long n) {
            firstKept = n;
            return this;
        }

        /** @throws IllegalArgumentException naming the first invalid option */
        public WorkloadOptions build() {
            return new WorkloadOptions(firstJobs, fromSubmit, toSubmit, sizeMultiply, sizeDivide, runtimeCoefficient,
                    arrivalScale, estimateSource, enforceWalltime, geometry, jobClasses, firstKept);
        }
    }

    /** These options as summary.json's {@code workload} records them, with whether the trace was read leniently. */
    public Map<String, Object> fields(boolean lenient) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("first_jobs", firstJobs());
        if (firstKept() > 0) m.put("first_kept", firstKept());
        m.put("submit_from", fromSubmit() == Long.MIN_VALUE ? null : fromSubmit());
        m.put("submit_to", toSubmit() == Long.MAX_VALUE ? null : toSubmit());
        m.put("size_multiply", sizeMultiply());
        m.put("size_divide", sizeDivide());
        m.put("runtime_coefficient", runtimeCoefficient());
        m.put("arrival_scale", arrivalScale());
        m.put("estimate_source", estimateSource().name().toLowerCase());
        m.put("enforce_walltime", enforceWalltime());
        m.put("lenient", lenient);
        GeometryOptions g = geometry();
        m.put("sizes_in", g.sizeUnit().name().toLowerCase());
        m.put("shapes", g.shapes().name().toLowerCase());
        m.put("fat_probability", g.fatProbability());
        m.put("fat_sizes", g.fatSizes());
        m.put("rotations", g.rotations());
        m.put("torus_probability", g.torusProbability());
        m.put("seed", g.seed());
        JobClasses classes = jobClasses();
        if (classes.any()) {
            Map<String, Object> c = new LinkedHashMap<>();
            c.put("ci_fraction", classes.ciFraction());
            c.put("ci_gain", classes.gain());
            c.put("ci_gain_spread", classes.spread().name().toLowerCase());
            c.put("seed", classes.seed());
            m.put("job_classes", c);
        }
        return m;
    }
}

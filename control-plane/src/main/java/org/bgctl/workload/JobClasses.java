package org.bgctl.workload;

import java.util.Objects;

/**
 * Which jobs are communication-intensive (Subramani et al.): each job of the workload is drawn as
 * communication-intensive (CI) with probability {@code ciFraction}, from one random generator
 * seeded with {@code seed}; a CI job runs {@code gain} shorter on a contiguous block — all by the
 * same gain ({@link Spread#FIXED}, the paper's uniform improvement) or each by a gain drawn
 * uniformly from [0, 2 × gain] ({@link Spread#RANDOM}, section 5.1).
 *
 * <p>Two numbers are drawn for every job in trace order whatever the options, so the same seed
 * and fraction mark the same jobs CI at every gain and spread.
 *
 * @param ciFraction fraction of jobs that are CI, in [0, 1]; 0 marks none
 * @param gain       the run-time improvement X of a CI job on a contiguous block, in [0, 1)
 * @param spread     whether every CI job gains X or a random gain in [0, 2X]
 * @param seed       the seed of the run's random generator (the run's one seed, which also seeds,
 *                   through a stream of its own, the job geometry draws of {@link GeometryOptions})
 */
public record JobClasses(double ciFraction, double gain, Spread spread, long seed) {

    /** How CI jobs' gains are spread. */
    public enum Spread {
        /** Every CI job gains exactly X. */
        FIXED,
        /** Each CI job gains a value drawn uniformly from [0, 2X]. */
        RANDOM
    }

    /** No job is communication-intensive. */
    public static final JobClasses NONE = new JobClasses(0, 0, Spread.FIXED, 1);

    public JobClasses {
        Objects.requireNonNull(spread, "spread");
        if (!(ciFraction >= 0 && ciFraction <= 1))
            throw new IllegalArgumentException("--ci-fraction (the fraction of communication-intensive jobs) must be in [0, 1], was "
                    + ciFraction);
        if (!(gain >= 0 && gain < 1))
            throw new IllegalArgumentException("--ci-gain (the contiguous gain) must be in [0, 1), was " + gain);
        if (spread == Spread.RANDOM && !(2 * gain < 1))
            throw new IllegalArgumentException("with --ci-gain-spread random (gains in [0, 2X]) --ci-gain X must be below 0.5, was "
                    + gain);
    }

    /** Whether any job can be communication-intensive. */
    public boolean any() {
        return ciFraction > 0;
    }
}

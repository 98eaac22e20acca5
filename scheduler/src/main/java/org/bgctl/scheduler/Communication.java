package org.bgctl.scheduler;

/**
 * How much a job communicates (Subramani et al.): a communication-intensive job runs
 * {@code contiguousGain} shorter on a contiguous block of nodes than on scattered ones; any other
 * job runs as long wherever it is placed.
 *
 * @param intensive      whether the job is communication-intensive (CI)
 * @param contiguousGain the fraction of its run time a CI job saves on a contiguous block, in [0, 1);
 *                       0 for other jobs
 */
public record Communication(boolean intensive, double contiguousGain) {

    /** A job that is not communication-intensive: its run time does not depend on its placement. */
    public static final Communication NOT_INTENSIVE = new Communication(false, 0);

    public Communication {
        if (!(contiguousGain >= 0 && contiguousGain < 1))
            throw new IllegalArgumentException("a contiguous gain is a fraction in [0, 1), not " + contiguousGain);
        if (!intensive && contiguousGain != 0)
            throw new IllegalArgumentException("a job that is not communication-intensive gains nothing, not "
                    + contiguousGain);
    }

    /** A communication-intensive job that saves {@code gain} of its run time on a contiguous block. */
    public static Communication intensive(double gain) {
        return new Communication(true, gain);
    }

    /** {@code seconds} shortened by the gain, rounded to the nearest second (halves up). */
    public long shortened(long seconds) {
        return Math.round(seconds * (1 - contiguousGain));
    }
}

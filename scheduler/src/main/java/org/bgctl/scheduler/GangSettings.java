package org.bgctl.scheduler;

/**
 * The parameters of preemptive FCFS (Schwiegelshohn and Yahyapour 1998, section 5), with the paper's best
 * setting for the 128-node machine (its Table 3) as defaults: x = 40%, n = 1, δ = 60 s; Δ = 600 s (only used
 * when n > 1); no context-switch penalty, as in the paper.
 *
 * @param widePercent x: a job needing at least this percentage of the machine's nodes is wide (0 < x <= 100)
 * @param startDelay  δ: seconds a wide job waits, once it is next in FCFS order and no earlier wide job is
 *                    active, before it preempts
 * @param gangLength  Δ: seconds between two context switches
 * @param maxSwitches n: the most context switches of one preemption, the preemption itself included (>= 1)
 * @param penalty     seconds a job loses each time it is switched in (started by a preemption, or resumed)
 */
public record GangSettings(double widePercent, long startDelay, long gangLength, int maxSwitches, long penalty) {

    public GangSettings {
        if (!(widePercent > 0 && widePercent <= 100))
            throw new IllegalArgumentException("the wide-job threshold x must be in (0, 100] percent, was " + widePercent);
        if (startDelay < 0) throw new IllegalArgumentException("the start delay δ must not be negative, was " + startDelay);
        if (gangLength <= 0) throw new IllegalArgumentException("the gang length Δ must be positive, was " + gangLength);
        if (maxSwitches < 1)
            throw new IllegalArgumentException("the maximum number of context switches n must be at least 1, was "
                    + maxSwitches);
        if (penalty < 0) throw new IllegalArgumentException("the context-switch penalty must not be negative, was " + penalty);
    }

    /** x = 40%, δ = 60 s, Δ = 600 s, n = 1, no penalty. */
    public static GangSettings defaults() {
        return new GangSettings(40, 60, 600, 1, 0);
    }

    /** The fewest nodes of a wide job on a machine of {@code capacity} interchangeable nodes: ⌈x% of it⌉. */
    public int wideNodes(int capacity) {
        return (int) Math.ceil(widePercent * capacity / 100.0 - 1e-9);
    }

    /**
     * The fewest nodes of a wide job on a machine of {@code capacity} nodes allocated in units of
     * {@code granularity} nodes (midplanes, supernodes): a job is wide when the units it needs, ⌈nodes /
     * granularity⌉, are at least ⌈x% of the machine's units⌉. With units of one node this is
     * {@link #wideNodes(int)}.
     */
    public int wideNodes(int capacity, int granularity) {
        return (wideNodes(capacity / granularity) - 1) * granularity + 1;
    }
}

package org.bgctl.sweep;

/** Hears of each run of a sweep as it ends: one call at a time, from the sweep's worker threads. */
@FunctionalInterface
public interface SweepListener {

    /**
     * @param outcome  how the run ended
     * @param ended    runs ended so far, this one included (runs finished earlier count first)
     * @param total    runs in the sweep
     */
    void ended(RunOutcome outcome, int ended, int total);

    static SweepListener none() {
        return (outcome, ended, total) -> { };
    }
}

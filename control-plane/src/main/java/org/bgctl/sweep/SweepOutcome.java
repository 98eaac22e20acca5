package org.bgctl.sweep;

import java.nio.file.Path;
import java.util.List;

/**
 * What a sweep produced.
 *
 * @param runs    every run's outcome, in grid order
 * @param results the results table (also in results.csv)
 * @param plots   the plot files written
 */
public record SweepOutcome(List<RunOutcome> runs, SweepResults results, List<Path> plots) {

    public SweepOutcome {
        runs = List.copyOf(runs);
        plots = List.copyOf(plots);
    }

    /** How many runs failed. */
    public long failed() {
        return runs.stream().filter(r -> !r.ok()).count();
    }
}

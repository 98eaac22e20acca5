package org.bgctl.sweep;

import java.nio.file.Path;
import org.bgctl.run.ReplayParameters;
import org.bgctl.run.ReplaySpec;

/**
 * One run of a sweep, validated and ready to start.
 *
 * @param point      its place in the grid
 * @param parameters the base with the point's values set: what identifies the run when a sweep resumes
 * @param spec       the replay it is
 * @param dir        its run directory, {@code OUT/runs/<index>-<label>}
 */
public record PlannedRun(GridPoint point, ReplayParameters parameters, ReplaySpec spec, Path dir) {

    /** Its number, from 1, in grid order. */
    public int index() {
        return point.index();
    }
}

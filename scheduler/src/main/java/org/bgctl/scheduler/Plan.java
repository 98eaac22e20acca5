package org.bgctl.scheduler;

import java.util.List;
import java.util.Optional;

/**
 * What a policy decides at one scheduling pass: at most one migration, then the jobs to start.
 * The starts are planned on the machine as the migration leaves it, so they are executed after it,
 * and only if it was carried out as planned.
 *
 * @param migration the migration attempted in this pass, if any (attempted but not performed
 *                  when it would not help: it moves nothing)
 * @param starts    the jobs to start now, in the order chosen; applied in order, each must fit
 */
public record Plan(Optional<Migration> migration, List<Start> starts) {

    public Plan {
        starts = List.copyOf(starts);
    }

    /** A plan that only starts jobs. */
    public static Plan of(List<Start> starts) {
        return new Plan(Optional.empty(), starts);
    }

    /** True when the plan neither attempts a migration nor starts a job. */
    public boolean isEmpty() {
        return migration.isEmpty() && starts.isEmpty();
    }

    /** True when the plan moves running jobs. */
    public boolean moves() {
        return migration.isPresent() && !migration.get().moves().isEmpty();
    }
}

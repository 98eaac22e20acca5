package org.bgctl.scheduler;

import java.util.List;
import java.util.Optional;

/**
 * What a policy decides at one scheduling pass: at most one migration or one context switch, then the jobs
 * to start. The starts are planned on the machine as the migration or the switch leaves it, so they are
 * executed after it, and only if it was carried out as planned.
 *
 * @param migration     the migration attempted in this pass, if any (attempted but not performed
 *                      when it would not help: it moves nothing)
 * @param starts        the jobs to start now, in the order chosen; applied in order, each must fit
 * @param contextSwitch the context switch of a gang in this pass, if any (preemptive FCFS)
 */
public record Plan(Optional<Migration> migration, List<Start> starts, Optional<ContextSwitch> contextSwitch) {

    public Plan {
        starts = List.copyOf(starts);
        if (migration.isPresent() && contextSwitch.isPresent())
            throw new IllegalArgumentException("a plan either migrates or switches a gang, not both");
    }

    /** A plan without a context switch. */
    public Plan(Optional<Migration> migration, List<Start> starts) {
        this(migration, starts, Optional.empty());
    }

    /** A context switch, then the starts. */
    public static Plan switching(ContextSwitch contextSwitch, List<Start> starts) {
        return new Plan(Optional.empty(), starts, Optional.of(contextSwitch));
    }

    /** A plan that only starts jobs. */
    public static Plan of(List<Start> starts) {
        return new Plan(Optional.empty(), starts);
    }

    /** True when the plan neither attempts a migration, nor switches a gang, nor starts a job. */
    public boolean isEmpty() {
        return migration.isEmpty() && starts.isEmpty() && contextSwitch.isEmpty();
    }

    /** True when the plan moves running jobs. */
    public boolean moves() {
        return migration.isPresent() && !migration.get().moves().isEmpty();
    }
}

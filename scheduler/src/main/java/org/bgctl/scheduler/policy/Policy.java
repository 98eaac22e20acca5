package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.machine.MachineView;
import org.bgctl.scheduler.Plan;
import org.bgctl.scheduler.SchedulingView;
import org.bgctl.scheduler.Start;

/**
 * A scheduling policy: pure Java, no actors, no clock, no I/O. Given the machine and the
 * queue at one instant it returns the jobs to start now, in the order they were chosen.
 * The decisions must not conflict with each other: applied in order, each must fit.
 * A policy that also moves running jobs overrides {@link #plan}.
 */
public interface Policy {

    /** The name used with {@code --scheduler}. */
    String name();

    /** The jobs to start now, without moving running jobs. */
    List<Start> decide(SchedulingView view);

    /** Everything to do now: a migration, if any, then the starts. By default only {@link #decide}'s starts. */
    default Plan plan(SchedulingView view) {
        return Plan.of(decide(view));
    }

    /**
     * A later instant at which this policy wants a pass although no job ends and none arrives (a delay
     * running out), or {@link Long#MAX_VALUE}; by default never. Executors ignore an instant not after now.
     */
    default long nextWakeup(SchedulingView view) {
        return Long.MAX_VALUE;
    }

    /** Whether the policy can schedule {@code machine}; {@link Policies#create} callers check it up front. */
    default boolean runsOn(MachineView machine) {
        return true;
    }

    /**
     * Checks, before a run starts, that this policy can schedule {@code machine}, for a policy that can say
     * why not better than {@link #runsOn} (by default it checks nothing).
     *
     * @throws IllegalArgumentException naming the policy, the machine and why not
     */
    default void requireSupported(MachineView machine) {
    }
}

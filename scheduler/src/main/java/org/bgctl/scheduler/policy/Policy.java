package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.Start;
import org.bgctl.scheduler.SchedulingView;

/**
 * A scheduling policy: pure Java, no actors, no clock, no I/O. Given the machine and the
 * queue at one instant it returns the jobs to start now, in the order they were chosen.
 * The decisions must not conflict with each other: applied in order, each must fit.
 */
public interface Policy {

    /** The name used with {@code --scheduler}. */
    String name();

    /** The jobs to start now. */
    List<Start> decide(SchedulingView view);

    /**
     * Checks, before a run starts, that this policy can schedule {@code machine}.
     *
     * @throws IllegalArgumentException naming the policy, the machine and why not
     */
    default void requireSupported(MachineModel machine) {
    }
}

package org.bgctl.scheduler.policy;

import java.util.List;
import java.util.Optional;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.TraceCalendar;

/** The policies a user can name with {@code --scheduler}: a view of the {@link PolicyRegistry}. */
public final class Policies {

    private Policies() {
    }

    /** The names {@link #create(String)} accepts, in registration order. */
    public static List<String> names() {
        return PolicyRegistry.names();
    }

    /**
     * A fresh policy by name, with the default settings, for a trace whose times start at 1970-01-01 UTC.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name) {
        return create(name, SchedulerSettings.defaults(), TraceCalendar.UTC_EPOCH);
    }

    /**
     * A fresh policy by name, with the default settings; those that depend on the time of day read it
     * through {@code calendar}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name, TraceCalendar calendar) {
        return create(name, SchedulerSettings.defaults(), calendar);
    }

    /**
     * A fresh policy by name, with the given settings (those it has no use for are ignored), for a trace
     * whose times start at 1970-01-01 UTC.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name, SchedulerSettings settings) {
        return create(name, settings, TraceCalendar.UTC_EPOCH);
    }

    /**
     * A fresh policy by name, with the given settings (those it has no use for are ignored); those that
     * depend on the time of day read it through {@code calendar}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name, SchedulerSettings settings, TraceCalendar calendar) {
        return PolicyRegistry.named(name).create(settings, calendar);
    }

    /** Whether the scheduler {@code name} migrates running jobs. */
    public static boolean migrates(String name) {
        return PolicyRegistry.named(name).migrates();
    }

    /** Whether the scheduler {@code name} suspends running jobs for others (gang scheduling). */
    public static boolean preempts(String name) {
        return PolicyRegistry.named(name).preempts();
    }

    /**
     * Why the scheduler {@code name} cannot take faults (it preempts: its suspended jobs lend their nodes to the running
     * gang), or empty when it can.
     */
    public static Optional<String> faultRefusal(String name) {
        if (!preempts(name)) return Optional.empty();
        return Optional.of("faults: not supported with scheduler " + name + ", whose suspended jobs lend their nodes to"
                + " the running gang; use another scheduler");
    }

    /**
     * Why the scheduler {@code name} cannot keep reservation windows (it preempts: a suspended job runs past its
     * estimate), or empty when it can.
     */
    public static Optional<String> reservationRefusal(String name) {
        if (!preempts(name)) return Optional.empty();
        return Optional.of(name + " suspends jobs, which then run past their estimates, so it cannot keep reservation"
                + " windows");
    }

    /**
     * Why the scheduler {@code name} cannot run jobs whose blocks boot (it preempts, and could suspend a job whose block
     * boots), or empty when it can.
     */
    public static Optional<String> bootRefusal(String name) {
        if (!preempts(name)) return Optional.empty();
        return Optional.of("--boot-model machine: not supported with scheduler " + name + ", which suspends running jobs"
                + " and could suspend one whose block boots; use another scheduler");
    }

    /** The names of the schedulers that can schedule {@code machine}, in registration order. */
    public static List<String> namesFor(MachineModel machine) {
        return PolicyRegistry.namesFor(machine);
    }

    /**
     * The policy {@code name} for {@code machine}.
     *
     * @throws IllegalArgumentException when the name is unknown or the policy cannot schedule that machine
     *                                  (with the policy's own reason when it gives one)
     */
    public static Policy createFor(String name, SchedulerSettings settings, MachineModel machine) {
        Policy policy = create(name, settings);
        policy.requireSupported(machine);
        if (!policy.runsOn(machine)) {
            throw new IllegalArgumentException("scheduler '" + name + "' cannot schedule machine " + machine.name()
                    + "; schedulers for it: " + String.join(", ", namesFor(machine)));
        }
        return policy;
    }
}

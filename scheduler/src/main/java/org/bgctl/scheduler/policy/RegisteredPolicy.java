package org.bgctl.scheduler.policy;

import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Function;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.TraceCalendar;

/**
 * A scheduler {@code --scheduler} can name: everything bgctl knows of it comes from here — its help line, the
 * machines it runs on (its policy's {@link Policy#runsOn} and {@link Policy#requireSupported}), what it does
 * besides starting jobs, and its settings, which become options of {@code replay} and {@code serve} and
 * parameters of {@code sweep}.
 *
 * @param name         what {@code --scheduler} accepts
 * @param description  one line for help texts and the README's table
 * @param capabilities whether it migrates or preempts running jobs
 * @param settings     the settings it reads, besides the ones every scheduler shares ({@link PolicyRegistry#COMMON})
 * @param factory      a fresh policy for a run's settings and calendar
 */
public record RegisteredPolicy(String name, String description, Set<PolicyCapability> capabilities,
                               List<PolicySetting> settings, Function<Context, Policy> factory) {

    /**
     * What a policy is built from.
     *
     * @param settings the run's settings: its {@link SchedulerSettings#values()} hold every registered setting
     * @param calendar the trace's local time, for policies that depend on the time of day
     */
    public record Context(SchedulerSettings settings, TraceCalendar calendar) {

        /** The value of setting {@code key}, e.g. for a policy that takes a number. */
        public double number(String key) {
            return settings.values().number(key);
        }

        /** The value of whole-number setting {@code key}. */
        public long whole(String key) {
            return settings.values().whole(key);
        }
    }

    public RegisteredPolicy {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        Objects.requireNonNull(factory, "factory");
        if (!name.matches("[a-z][a-z0-9-]*")) throw new IllegalArgumentException("scheduler name '" + name
                + "' must be lower case letters, digits and dashes");
        capabilities = capabilities.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(capabilities));
        settings = List.copyOf(settings);
    }

    /** A scheduler that neither migrates nor preempts. */
    public static RegisteredPolicy of(String name, String description, List<PolicySetting> settings,
                                      Function<Context, Policy> factory) {
        return new RegisteredPolicy(name, description, Set.of(), settings, factory);
    }

    /** A fresh policy with {@code settings}, reading local time through {@code calendar}. */
    public Policy create(SchedulerSettings settings, TraceCalendar calendar) {
        return factory.apply(new Context(settings, calendar));
    }

    /** Whether it can schedule {@code machine}, by its policy's own {@link Policy#runsOn}. */
    public boolean runsOn(MachineModel machine) {
        return create(SchedulerSettings.defaults(), TraceCalendar.UTC_EPOCH).runsOn(machine);
    }

    public boolean migrates() {
        return capabilities.contains(PolicyCapability.MIGRATES);
    }

    public boolean preempts() {
        return capabilities.contains(PolicyCapability.PREEMPTS);
    }

    /** Whether it keeps queues of its own, on which a run reports ({@link PolicyCapability#QUEUES}). */
    public boolean reportsQueues() {
        return capabilities.contains(PolicyCapability.QUEUES);
    }
}

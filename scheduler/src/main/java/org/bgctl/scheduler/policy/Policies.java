package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.policy.buddy.AllocationScheme;
import org.bgctl.scheduler.policy.buddy.BuddyBackfill;
import org.bgctl.scheduler.policy.nqs.NqsScheduler;
import org.bgctl.scheduler.policy.pfcfs.PreemptiveFcfs;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler.Variant;

/** The policies a user can name with {@code --scheduler}. */
public final class Policies {

    /** Names accepted by {@link #create(String)}. */
    public static final List<String> NAMES = List.of("fcfs", "easy", "conservative",
            "free-list", "buddy", "selective-buddy", "nqs",
            "krevat-fcfs", "krevat-backfill", "krevat-migration", "krevat-bm", "pfcfs");

    private Policies() {
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
        return switch (name) {
            case "fcfs" -> new Fcfs();
            case "easy" -> new EasyBackfill();
            case "conservative" -> new ConservativeBackfill();
            case "free-list" -> new BuddyBackfill(AllocationScheme.FREE_LIST);
            case "buddy" -> new BuddyBackfill(AllocationScheme.BUDDY);
            case "selective-buddy" -> new BuddyBackfill(AllocationScheme.SELECTIVE);
            case "nqs" -> new NqsScheduler(calendar);
            case "krevat-fcfs" -> new KrevatScheduler(Variant.FCFS, settings);
            case "krevat-backfill" -> new KrevatScheduler(Variant.BACKFILL, settings);
            case "krevat-migration" -> new KrevatScheduler(Variant.MIGRATION, settings);
            case "krevat-bm" -> new KrevatScheduler(Variant.BACKFILL_AND_MIGRATION, settings);
            case "pfcfs" -> new PreemptiveFcfs(settings.gang());
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }

    /** Whether the scheduler {@code name} migrates running jobs. */
    public static boolean migrates(String name) {
        return create(name) instanceof KrevatScheduler k && k.variant().migrates();
    }

    /** Whether the scheduler {@code name} suspends running jobs for others (gang scheduling). */
    public static boolean preempts(String name) {
        return create(name) instanceof PreemptiveFcfs;
    }

    /** The names of the schedulers that can schedule {@code machine}, in the order of {@link #NAMES}. */
    public static List<String> namesFor(MachineModel machine) {
        return NAMES.stream().filter(n -> create(n).runsOn(machine)).toList();
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

package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.machine.MachineModel;
import org.bgctl.scheduler.SchedulerSettings;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler;
import org.bgctl.scheduler.policy.krevat.KrevatScheduler.Variant;

/** The policies a user can name with {@code --scheduler}. */
public final class Policies {

    /** Names accepted by {@link #create(String)}. */
    public static final List<String> NAMES = List.of("fcfs", "easy", "conservative",
            "krevat-fcfs", "krevat-backfill", "krevat-migration", "krevat-bm");

    private Policies() {
    }

    /**
     * A fresh policy by name, with the default settings.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name) {
        return create(name, SchedulerSettings.defaults());
    }

    /**
     * A fresh policy by name, with the given settings (those it has no use for are ignored).
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name, SchedulerSettings settings) {
        return switch (name) {
            case "fcfs" -> new Fcfs();
            case "easy" -> new EasyBackfill();
            case "conservative" -> new ConservativeBackfill();
            case "krevat-fcfs" -> new KrevatScheduler(Variant.FCFS, settings);
            case "krevat-backfill" -> new KrevatScheduler(Variant.BACKFILL, settings);
            case "krevat-migration" -> new KrevatScheduler(Variant.MIGRATION, settings);
            case "krevat-bm" -> new KrevatScheduler(Variant.BACKFILL_AND_MIGRATION, settings);
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }

    /** Whether the scheduler {@code name} migrates running jobs. */
    public static boolean migrates(String name) {
        return create(name) instanceof KrevatScheduler k && k.variant().migrates();
    }

    /** The names of the schedulers that can schedule {@code machine}, in the order of {@link #NAMES}. */
    public static List<String> namesFor(MachineModel machine) {
        return NAMES.stream().filter(n -> create(n).runsOn(machine)).toList();
    }

    /**
     * The policy {@code name} for {@code machine}.
     *
     * @throws IllegalArgumentException when the name is unknown or the policy cannot schedule that machine
     */
    public static Policy createFor(String name, SchedulerSettings settings, MachineModel machine) {
        Policy policy = create(name, settings);
        if (!policy.runsOn(machine)) {
            throw new IllegalArgumentException("scheduler '" + name + "' cannot schedule machine " + machine.name()
                    + "; schedulers for it: " + String.join(", ", namesFor(machine)));
        }
        return policy;
    }
}

package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.scheduler.TraceCalendar;
import org.bgctl.scheduler.policy.buddy.AllocationScheme;
import org.bgctl.scheduler.policy.buddy.BuddyBackfill;
import org.bgctl.scheduler.policy.nqs.NqsScheduler;

/** The policies a user can name with {@code --scheduler}. */
public final class Policies {

    /** Names accepted by {@link #create(String)}. */
    public static final List<String> NAMES = List.of("fcfs", "easy", "conservative",
            "free-list", "buddy", "selective-buddy", "nqs");

    private Policies() {
    }

    /**
     * A fresh policy by name, for a trace whose times start at 1970-01-01 UTC.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name) {
        return create(name, TraceCalendar.UTC_EPOCH);
    }

    /**
     * A fresh policy by name; those that depend on the time of day read it through {@code calendar}.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name, TraceCalendar calendar) {
        return switch (name) {
            case "fcfs" -> new Fcfs();
            case "easy" -> new EasyBackfill();
            case "conservative" -> new ConservativeBackfill();
            case "free-list" -> new BuddyBackfill(AllocationScheme.FREE_LIST);
            case "buddy" -> new BuddyBackfill(AllocationScheme.BUDDY);
            case "selective-buddy" -> new BuddyBackfill(AllocationScheme.SELECTIVE);
            case "nqs" -> new NqsScheduler(calendar);
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }
}

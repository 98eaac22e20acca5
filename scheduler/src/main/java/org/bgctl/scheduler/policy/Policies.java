package org.bgctl.scheduler.policy;

import java.util.List;
import org.bgctl.scheduler.policy.buddy.AllocationScheme;
import org.bgctl.scheduler.policy.buddy.BuddyBackfill;

/** The policies a user can name with {@code --scheduler}. */
public final class Policies {

    /** Names accepted by {@link #create(String)}. */
    public static final List<String> NAMES = List.of("fcfs", "easy", "conservative",
            "free-list", "buddy", "selective-buddy");

    private Policies() {
    }

    /**
     * A fresh policy by name.
     *
     * @throws IllegalArgumentException naming the unknown scheduler and the known ones
     */
    public static Policy create(String name) {
        return switch (name) {
            case "fcfs" -> new Fcfs();
            case "easy" -> new EasyBackfill();
            case "conservative" -> new ConservativeBackfill();
            case "free-list" -> new BuddyBackfill(AllocationScheme.FREE_LIST);
            case "buddy" -> new BuddyBackfill(AllocationScheme.BUDDY);
            case "selective-buddy" -> new BuddyBackfill(AllocationScheme.SELECTIVE);
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }
}

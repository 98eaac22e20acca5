package org.bgctl.scheduler.policy;

import java.util.List;

/** The policies a user can name with {@code --scheduler}. */
public final class Policies {

    /** Names accepted by {@link #create(String)}. */
    public static final List<String> NAMES = List.of("fcfs", "easy", "conservative");

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
            default -> throw new IllegalArgumentException("unknown scheduler '" + name + "'; known: "
                    + String.join(", ", NAMES));
        };
    }
}

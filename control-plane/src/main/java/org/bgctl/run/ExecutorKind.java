package org.bgctl.run;

import java.util.Locale;

/** How a replay executes the policies. */
public enum ExecutorKind {
    /** Agents, the event-sourced scheduler and the run clock as actors (the default). */
    ACTORS,
    /** The same policies run sequentially without actors or journal: the reference and baseline. */
    DIRECT;

    public static ExecutorKind parse(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown executor '" + name + "'; known: actors, direct");
        }
    }
}

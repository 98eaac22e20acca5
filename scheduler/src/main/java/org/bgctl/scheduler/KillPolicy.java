package org.bgctl.scheduler;

import java.util.Locale;

/** What becomes of a running job killed by the failure of a component it holds. */
public enum KillPolicy {
    /** It goes back to the queue with its submit time, and later runs again from the beginning. */
    REQUEUE,
    /** It ends there, killed ({@code killed_by_fault} in jobs.csv). */
    FAIL;

    /**
     * How many times a killed job is requeued at most unless {@code --max-requeues} says otherwise: killed once more,
     * it fails, so that a job longer than the machine's failure interval cannot keep a run going for ever.
     */
    public static final int DEFAULT_MAX_REQUEUES = 10;

    /**
     * The policy named {@code text}: {@code requeue} or {@code fail}.
     *
     * @throws IllegalArgumentException naming the unknown value
     */
    public static KillPolicy parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "requeue" -> REQUEUE;
            case "fail" -> FAIL;
            default -> throw new IllegalArgumentException("unknown kill policy '" + text + "'; known: requeue, fail");
        };
    }

    /** Its name as given to {@code --on-kill}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}

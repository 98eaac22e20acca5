package org.bgctl.live;

import java.util.Locale;

/** What becomes of the jobs that were running when a server stopped, once it is started again on its run directory. */
public enum RestartPolicy {
    /** They go on running where they were, as if the server had not stopped (virtual time resumes where it was). */
    CONTINUE,
    /**
     * They are killed at recovery ({@code JobKilled} naming the component {@value #COMPONENT}) and requeued
     * ({@code JobRequeued}) with their submit time, to run again from the beginning.
     */
    REQUEUE;

    /** The component a {@code JobKilled} of a restart names. */
    public static final String COMPONENT = "restart";

    /**
     * The policy named {@code text}: {@code continue} or {@code requeue}.
     *
     * @throws IllegalArgumentException naming the unknown value
     */
    public static RestartPolicy parse(String text) {
        return switch (text.trim().toLowerCase(Locale.ROOT)) {
            case "continue" -> CONTINUE;
            case "requeue" -> REQUEUE;
            default -> throw new IllegalArgumentException("unknown restart policy '" + text + "'; known: continue, requeue");
        };
    }
}

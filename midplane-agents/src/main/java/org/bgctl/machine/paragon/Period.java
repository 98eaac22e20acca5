package org.bgctl.machine.paragon;

/** The two periods of a Paragon site's day: node groups may hold other node sets in each. */
public enum Period {
    /** Working hours, when short jobs get node sets of their own. */
    PRIME,
    /** Nights and, as configured, weekends. */
    NON_PRIME
}

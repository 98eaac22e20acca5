package org.bgctl.scheduler.policy.buddy;

/**
 * How jobs get their nodes on a buddy machine (Subramani et al.), each combined with EASY
 * backfilling; the {@code --scheduler} names are the schemes' names.
 */
public enum AllocationScheme {

    /** Every job takes any free nodes from the free list: the usual non-contiguous allocation. */
    FREE_LIST("free-list"),

    /** Communication-intensive jobs take one buddy (section 3); the others use the free list. */
    BUDDY("buddy"),

    /**
     * Communication-intensive jobs take a buddy or free-list nodes, whichever is estimated to
     * complete first (section 4); the others use the free list.
     */
    SELECTIVE("selective-buddy");

    private final String schedulerName;

    AllocationScheme(String schedulerName) {
        this.schedulerName = schedulerName;
    }

    /** The name used with {@code --scheduler}. */
    public String schedulerName() {
        return schedulerName;
    }
}

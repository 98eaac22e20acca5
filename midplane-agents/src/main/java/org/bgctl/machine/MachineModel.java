package org.bgctl.machine;

/**
 * A machine's allocation state as plain data: what is free, and where a demand would fit.
 * Policies read it and try what-ifs on {@link #copy()}s; executors apply decisions to it.
 * Implementations are not thread-safe.
 */
public interface MachineModel {

    /** The machine's name as given to {@code --machine}. */
    String name();

    /** Total nodes of the machine. */
    int capacity();

    /** Nodes free now. */
    int freeNodes();

    /** True when every node is interchangeable, so only node counts matter (flat machines). */
    boolean interchangeable();

    /** Where the demand would be placed now, or null when it does not fit. */
    Allocation place(Demand demand);

    /** True when every claim of the allocation could be taken now. */
    boolean isFree(Allocation allocation);

    /** Takes the allocation; throws IllegalStateException when any part of it is not free. */
    void allocate(Allocation allocation);

    /** Gives the allocation back. */
    void release(Allocation allocation);

    /** The entity ids of the allocation units, in a fixed order. */
    java.util.List<String> units();

    /** An independent copy for what-if planning. */
    MachineModel copy();
}

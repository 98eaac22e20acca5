package org.bgctl.machine;

import java.util.Collection;
import java.util.List;

/**
 * A machine's allocation state as plain data, which its owner changes: the executors apply decisions to it, and a
 * policy allocates on its own what-if {@link #copy()}s. Policies see the live machine only as a {@link MachineView}.
 * Implementations are not thread-safe.
 *
 * <p>Machines with parts that can fail name them by component id (on BG/L a midplane, a switch
 * or a cable); a component that is down is never part of a new allocation.
 */
public interface MachineModel extends MachineView {

    /** Takes the allocation; throws IllegalStateException when any part of it is not free. */
    void allocate(Allocation allocation);

    /** Gives the allocation back. */
    void release(Allocation allocation);

    /** Gives several allocations back, in order; cheaper than one by one where the machine keeps derived state. */
    default void releaseAll(Collection<Allocation> allocations) {
        for (Allocation a : allocations) release(a);
    }

    /**
     * Marks a component down (or up again). Allocations already holding it keep it until released.
     *
     * @throws IllegalArgumentException naming the component when the machine has no such component
     */
    default void setHealth(String component, boolean up) {
        throw new IllegalArgumentException(name() + " has no component '" + component + "' that can fail");
    }

    /**
     * A what-if copy on which no new allocation takes a node of {@code units} (the units reservation windows keep):
     * by default each unit marked down, when it is a component that can fail; null when this machine cannot keep
     * them off.
     */
    default MachineModel keepingOff(Collection<String> units) {
        MachineModel copy = copy();
        List<String> components = copy.components();
        for (String unit : units) {
            if (!components.contains(unit)) return null;
            if (!copy.downComponents().contains(unit)) copy.setHealth(unit, false);
        }
        return copy;
    }

    /** An independent copy for what-if planning. */
    @Override
    MachineModel copy();
}

package org.bgctl.scheduler;

import org.bgctl.agents.CborSerializable;

/**
 * A component of the machine goes down or comes back up at a time of the run: one line of a fault
 * file, or one draw of a random fault model.
 *
 * @param time      seconds of run time (the trace's time)
 * @param component the component's id as the machine names it, e.g. {@code mp-R010} or {@code node-17}
 * @param up        true for a repair, false for a failure
 */
public record HealthChange(long time, String component, boolean up) implements CborSerializable {
}

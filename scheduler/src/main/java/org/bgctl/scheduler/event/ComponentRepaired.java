package org.bgctl.scheduler.event;

/** A component is back in service. */
public record ComponentRepaired(String component, long time) implements ComponentEvent {
}

package org.bgctl.scheduler.event;

/** A change of health of a machine component (a midplane, a switch, a cable). */
public sealed interface ComponentEvent extends SchedulerEvent permits ComponentFailed, ComponentRepaired {

    /** The component's id, e.g. {@code mp-R010}, {@code sw-x-R010}, {@code cable-x-R010-p2}. */
    String component();
}

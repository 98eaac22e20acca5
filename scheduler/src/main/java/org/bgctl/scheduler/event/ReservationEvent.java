package org.bgctl.scheduler.event;

/** A reservation window placed or cancelled by an operator of a live server. */
public sealed interface ReservationEvent extends SchedulerEvent permits ReservationPlaced, ReservationCancelled {

    /** The reservation's name. */
    String name();
}

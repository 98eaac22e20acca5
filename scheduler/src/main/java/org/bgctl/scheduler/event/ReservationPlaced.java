package org.bgctl.scheduler.event;

import org.bgctl.scheduler.Reservation;

/** From now on every plan is held to {@code reservation} too. */
public record ReservationPlaced(Reservation reservation, long time) implements ReservationEvent {

    @Override
    public String name() {
        return reservation.name();
    }
}

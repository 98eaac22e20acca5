package org.bgctl.scheduler.event;

/** The reservation called {@code name} no longer holds anything back. */
public record ReservationCancelled(String name, long time) implements ReservationEvent {
}

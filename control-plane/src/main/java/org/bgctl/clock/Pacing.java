package org.bgctl.clock;

import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * How {@link RunClock} paces the instants it releases: {@link Virtual} as fast as the machine allows, never reading
 * the wall clock; {@link Scaled} when their virtual second begins on the wall clock, {@code speed} virtual seconds per
 * wall second (1: wall-clock time), measuring how late each timed event fires.
 */
public sealed interface Pacing permits Pacing.Virtual, Pacing.Scaled {

    /** Virtual time: deterministic, as fast as possible. */
    Pacing VIRTUAL = new Virtual();

    /** Virtual time: the next instant is released as soon as the previous one has settled. */
    record Virtual() implements Pacing {
    }

    /**
     * Scaled time.
     *
     * @param speed    virtual seconds per wall second
     * @param scale    wall to virtual time, fixed by the caller (a server's, resumed from its journal's last time); empty:
     *                 the clock starts it at the run's first instant when it starts
     * @param nanos    the wall clock, {@link System#nanoTime()} scale
     * @param lateness receives the lateness of every timed event
     */
    record Scaled(double speed, Optional<TimeScale> scale, LongSupplier nanos, Lateness lateness) implements Pacing {

        public Scaled {
            new TimeScale(0, 0, speed); // checks the speed
        }
    }

    /** {@code speed} virtual seconds per wall second from the run's first instant, on the system's clock. */
    static Pacing scaled(double speed, Lateness lateness) {
        return new Scaled(speed, Optional.empty(), System::nanoTime, lateness);
    }

    /** Scaled time on {@code scale}, read from {@code nanos}. */
    static Pacing scaled(TimeScale scale, LongSupplier nanos, Lateness lateness) {
        return new Scaled(scale.speed(), Optional.of(scale), nanos, lateness);
    }
}

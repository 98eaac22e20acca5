package org.bgctl.run;

import org.bgctl.clock.Pacing;
import org.bgctl.journal.JournalKind;

/**
 * What the configuration of a replay's actor system depends on: its journal's kind (memory, or durable: h2 or
 * postgres), whether its clock is scaled, and chaos mode. Replays of one kind can run on systems started alike.
 */
record SystemKind(JournalKind journal, boolean scaled, boolean chaos) {

    /** The kind of system the actors of {@code spec} run in, on a clock paced by {@code pacing}. */
    static SystemKind of(ReplaySpec spec, Pacing pacing) {
        return new SystemKind(spec.journal(), pacing instanceof Pacing.Scaled, spec.chaos().active());
    }

    /** A system for the run with journal {@code journal}, in virtual time, without chaos. */
    static SystemKind virtual(JournalKind journal) {
        return new SystemKind(journal, false, false);
    }

    /** The journal outlives the system: its events are kept, so the system must close it before the JVM exits. */
    boolean durable() {
        return journal != JournalKind.MEMORY;
    }

    /**
     * A system of this kind can start before its run is known: its configuration names no run directory (a memory
     * journal, or an H2 one placed later) and no per-run persistence id (postgres's).
     */
    boolean startsAhead() {
        return journal != JournalKind.POSTGRES;
    }

    /**
     * Compared field by field: the generated {@code equals} of a record links its method handles on first use, which
     * took a hundredth of a second on the main thread of every replay through the actors.
     */
    @Override
    public boolean equals(Object o) {
        return o instanceof SystemKind k && journal == k.journal && scaled == k.scaled && chaos == k.chaos;
    }

    /** Hashed from the fields, likewise. */
    @Override
    public int hashCode() {
        return (journal.ordinal() * 31 + Boolean.hashCode(scaled)) * 31 + Boolean.hashCode(chaos);
    }
}

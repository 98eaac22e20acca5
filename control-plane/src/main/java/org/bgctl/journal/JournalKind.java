package org.bgctl.journal;

import java.util.Locale;

/** Where a run's journal lives. */
public enum JournalKind {
    /** bgctl's JDBC journal ({@link JdbcJournal}) on an embedded H2 file database inside the run directory. */
    H2,
    /** Akka's in-memory journal: nothing survives the process. */
    MEMORY,
    /** bgctl's JDBC journal on a PostgreSQL server ({@code bgctl.postgres}), one persistence id per run. */
    POSTGRES;

    /** Parses {@code h2}, {@code memory} or {@code postgres}, naming the bad value otherwise. */
    public static JournalKind parse(String name) {
        try {
            return valueOf(name.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown journal '" + name + "'; known: h2, memory, postgres");
        }
    }
}

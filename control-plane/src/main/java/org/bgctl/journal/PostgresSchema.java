package org.bgctl.journal;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * Creates the journal's PostgreSQL schema (akka-persistence-jdbc 5.1.0's) — event_journal, event_tag, snapshot,
 * durable_state and their indexes — in the connection's current schema, leaving whatever exists.
 * Safe to run any number of times, also by several processes at once.
 */
public final class PostgresSchema {

    private static final SqlScript SCRIPT = new SqlScript("bgctl-postgres-schema.sql");

    /** The tables the script creates. */
    public static final List<String> TABLES = List.of("event_journal", "event_tag", "snapshot", "durable_state");

    private PostgresSchema() {
    }

    /** Creates what is missing; returns the statements run. */
    public static int init(PostgresSettings settings) {
        try (Connection c = settings.connect(); Statement s = c.createStatement()) {
            // one creator at a time: CREATE ... IF NOT EXISTS races on the catalog otherwise
            s.execute("SELECT pg_advisory_lock(" + LOCK_KEY + ")");
            try {
                return SCRIPT.run(c);
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + LOCK_KEY + ")");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("creating the journal schema at " + settings.url() + " failed: "
                    + e.getMessage(), e);
        }
    }

    /** Advisory lock key of the schema creation ("bgctl" in ASCII). */
    private static final long LOCK_KEY = 0x626763746CL;
}

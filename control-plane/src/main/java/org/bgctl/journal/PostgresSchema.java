package org.bgctl.journal;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;

/**
 * Creates the akka-persistence-jdbc PostgreSQL schema — event_journal, event_tag, snapshot,
 * durable_state and their indexes — in the connection's current schema, leaving whatever exists.
 * Safe to run any number of times, also by several processes at once.
 */
public final class PostgresSchema {

    private static final String SCRIPT = "bgctl-postgres-schema.sql";

    /** The tables the script creates. */
    public static final List<String> TABLES = List.of("event_journal", "event_tag", "snapshot", "durable_state");

    private PostgresSchema() {
    }

    /** Creates what is missing; returns the statements run. */
    public static int init(PostgresSettings settings) {
        List<String> statements = statements();
        try (Connection c = settings.connect(); Statement s = c.createStatement()) {
            // one creator at a time: CREATE ... IF NOT EXISTS races on the catalog otherwise
            s.execute("SELECT pg_advisory_lock(" + LOCK_KEY + ")");
            try {
                for (String sql : statements) s.execute(sql);
            } finally {
                s.execute("SELECT pg_advisory_unlock(" + LOCK_KEY + ")");
            }
        } catch (SQLException e) {
            throw new IllegalStateException("creating the journal schema at " + settings.url() + " failed: "
                    + e.getMessage(), e);
        }
        return statements.size();
    }

    /** Advisory lock key of the schema creation ("bgctl" in ASCII). */
    private static final long LOCK_KEY = 0x626763746CL;

    private static List<String> statements() {
        try (InputStream in = PostgresSchema.class.getClassLoader().getResourceAsStream(SCRIPT)) {
            if (in == null) throw new IllegalStateException("missing resource " + SCRIPT);
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
            return Arrays.stream(sql.split(";")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

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

/** A script of SQL statements among bgctl's resources: separated by ';', lines starting with '--' ignored. */
record SqlScript(String resource) {

    /** The script's statements, in order. */
    private List<String> statements() {
        try (InputStream in = SqlScript.class.getClassLoader().getResourceAsStream(resource)) {
            if (in == null) throw new IllegalStateException("missing resource " + resource);
            String sql = new String(in.readAllBytes(), StandardCharsets.UTF_8).replaceAll("(?m)^--.*$", "");
            return Arrays.stream(sql.split(";")).map(String::strip).filter(s -> !s.isEmpty()).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the script's statements on {@code c}, in order; returns how many. */
    int run(Connection c) throws SQLException {
        List<String> statements = statements();
        try (Statement s = c.createStatement()) {
            for (String sql : statements) s.execute(sql);
        }
        return statements.size();
    }
}

package org.bgctl.journal;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The inputs of a run — its trace, options, faults and speed, as one JSON document — kept in the run's H2 journal
 * beside its events, in the table {@value #TABLE}: one row per start that set them (the first start, and each restart
 * that changed them with {@code --override}), the last row in force. Written before the run's actors start, so a
 * journal that holds events always holds the inputs they came from.
 */
public final class RunInputsTable {

    /** The table's name in the journal database. */
    public static final String TABLE = "run_inputs";

    private RunInputsTable() {
    }

    /** Appends {@code json} as the inputs in force from now on, creating the journal file and the table if missing. */
    public static void append(Path runDir, String json) {
        try (Connection c = connect(runDir)) {
            create(c);
            try (PreparedStatement insert = c.prepareStatement("INSERT INTO \"" + TABLE + "\" (\"inputs\") VALUES (?)")) {
                insert.setString(1, json);
                insert.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException("cannot record the run's inputs in the journal of " + runDir + ": "
                    + e.getMessage(), e);
        }
    }

    /** The inputs in force in the H2 journal of {@code runDir}; empty when it records none (or holds no journal). */
    public static Optional<String> latest(Path runDir) {
        List<String> rows = all(runDir);
        return rows.isEmpty() ? Optional.empty() : Optional.of(rows.get(rows.size() - 1));
    }

    /**
     * Every inputs row of the H2 journal of {@code runDir}, the first start's first; empty when it records none (or
     * holds no journal, or an empty file).
     *
     * @throws IllegalArgumentException when its file is not an H2 database file, or cannot be read
     */
    public static List<String> all(Path runDir) {
        // an empty file is no journal: H2 would take it for a new database and write one into it
        if (!JournalSettings.hasH2Journal(runDir) || runDir.resolve(JournalSettings.H2_FILE + ".mv.db").toFile()
                .length() == 0) return List.of();
        JournalSettings.refuseNonH2File(runDir);
        try {
            return H2Connections.read(JournalSettings.h2Url(runDir), RunInputsTable::rows);
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot read the run's inputs from the journal of " + runDir + ": "
                    + e.getMessage());
        }
    }

    private static List<String> rows(Connection c) throws SQLException {
        List<String> rows = new ArrayList<>();
        if (!JournalVerifier.hasTable(c, TABLE)) return rows; // read only: the table is not created here
        try (Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT \"inputs\" FROM \"" + TABLE + "\" ORDER BY \"start\"")) {
            while (r.next()) rows.add(r.getString(1));
        }
        return rows;
    }

    private static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS \"" + TABLE + "\" (\"start\" INT AUTO_INCREMENT PRIMARY KEY,"
                    + " \"inputs\" CHARACTER LARGE OBJECT NOT NULL)");
        }
    }

    private static Connection connect(Path runDir) throws SQLException {
        return H2Connections.open(JournalSettings.h2Url(runDir));
    }
}

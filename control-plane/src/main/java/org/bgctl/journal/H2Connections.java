package org.bgctl.journal;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * Opens the connections to a run's H2 file, every one of them: the journal's, the run's inputs', the compaction's, and
 * those of the readers ({@code bgctl inspect}, a server's view).
 *
 * <p>Each one first writes a commit of its own, so that what H2 recovered from a file not closed cleanly stays. Opening
 * such a file (a process killed), H2 2.1 finds its last commits by following its chunks past the one the file's header
 * names; but closed again before anything more is committed, it writes that older header back, marked clean, and the
 * next open stops there: the last commits are gone. A server killed, started again and stopped before its next
 * decision lost the jobs it had acknowledged last; so did one started after anything had only read the file
 * ({@code RecoveredJournalTest} holds such a file). The commit sets the comment of the schema, which touches no table.
 */
final class H2Connections {

    private H2Connections() {
    }

    /** A connection to the H2 file at {@code url}, after its commit of the recovered state. */
    static Connection open(String url) throws SQLException {
        Connection c = DriverManager.getConnection(url, "sa", "");
        try (Statement s = c.createStatement()) {
            if (!c.isReadOnly()) s.execute("COMMENT ON SCHEMA PUBLIC IS 'bgctl run'");
        } catch (SQLException e) {
            c.close();
            throw e;
        }
        return c;
    }
}

package org.bgctl.journal;

import com.typesafe.config.Config;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Properties;

/**
 * How to reach the PostgreSQL server of the journal: {@code bgctl.postgres.url}, {@code .user} and
 * {@code .password} from the configuration, each overridden by the environment variables
 * {@code BGCTL_PG_URL}, {@code BGCTL_PG_USER} and {@code BGCTL_PG_PASSWORD} (see reference.conf).
 */
public record PostgresSettings(String url, String user, String password) {

    /** Seconds to wait for a connection before giving up. */
    private static final int LOGIN_TIMEOUT_S = 5;

    /** The settings under {@code bgctl.postgres} of {@code config}. */
    public static PostgresSettings from(Config config) {
        Config c = config.getConfig("bgctl.postgres");
        return new PostgresSettings(c.getString("url"), c.getString("user"), c.getString("password"));
    }

    /**
     * A new connection, or an {@link IllegalArgumentException} naming the server and the cause: settings that reach
     * no server, or one that refuses them, are bad input.
     */
    public Connection connect() {
        Properties p = new Properties();
        p.setProperty("user", user);
        p.setProperty("password", password);
        p.setProperty("loginTimeout", Integer.toString(LOGIN_TIMEOUT_S));
        try {
            return DriverManager.getConnection(url, p);
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot connect to PostgreSQL at " + url + " as " + user + ": "
                    + e.getMessage() + " (set bgctl.postgres.url/user/password or BGCTL_PG_URL/USER/PASSWORD)", e);
        }
    }

    /** Why the server cannot be reached, or null when it answers. */
    public String unreachableReason() {
        try (Connection c = connect()) {
            return c.isValid(LOGIN_TIMEOUT_S) ? null : "PostgreSQL at " + url + " does not answer";
        } catch (IllegalArgumentException | SQLException e) {
            return e.getMessage();
        }
    }
}

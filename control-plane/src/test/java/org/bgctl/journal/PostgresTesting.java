package org.bgctl.journal;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.typesafe.config.ConfigFactory;

/** Test helper: the PostgreSQL server of bgctl.postgres (or BGCTL_PG_*), or the test is skipped, saying why. */
public final class PostgresTesting {

    private PostgresTesting() {
    }

    /** The server's settings; skips the calling test when no server answers there. */
    public static PostgresSettings assumeReachable() {
        PostgresSettings settings = PostgresSettings.from(ConfigFactory.load());
        String reason = settings.unreachableReason();
        assumeTrue(reason == null, () -> "skipped: this test needs PostgreSQL and none is reachable ("
                + reason + "); start one on 127.0.0.1:5432 or point BGCTL_PG_URL at one");
        return settings;
    }
}

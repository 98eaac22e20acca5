package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.typesafe.config.ConfigFactory;
import org.bgctl.journal.PostgresSettings;
import org.junit.jupiter.api.Test;

class DbCommandTest {

    @Test
    void settingsThatReachNoServerAreBadInputInOneLine() {
        String before = System.getProperty("bgctl.postgres.url");
        System.setProperty("bgctl.postgres.url", "jdbc:postgresql://127.0.0.1:1/test");
        ConfigFactory.invalidateCaches();
        try {
            CliRun init = CliRun.of("db", "init");
            assertEquals(2, init.exit(), init.toString());
            String[] lines = init.err().split("\\R");
            assertEquals(2, lines.length, init.toString());
            assertTrue(lines[0].startsWith("bgctl db init: cannot connect to PostgreSQL at "
                    + "jdbc:postgresql://127.0.0.1:1/test as "), init.toString());
        } finally {
            if (before == null) System.clearProperty("bgctl.postgres.url");
            else System.setProperty("bgctl.postgres.url", before);
            ConfigFactory.invalidateCaches();
        }
    }

    @Test
    void dbInitCreatesTheSchemaAndCanRunAgain() {
        String unreachable = PostgresSettings.from(ConfigFactory.load()).unreachableReason();
        assumeTrue(unreachable == null, () -> "skipped: bgctl db init needs PostgreSQL and none is reachable ("
                + unreachable + ")");
        for (int run = 0; run < 2; run++) {
            CliRun init = CliRun.of("db", "init");
            assertEquals(0, init.exit(), init.toString());
            assertTrue(init.out().contains("event_journal, event_tag, snapshot, durable_state"), init.toString());
        }
    }
}

package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PostgresSchemaTest {

    @Test
    void initCreatesTheFourTablesAndCanRunAgain() throws Exception {
        PostgresSettings settings = PostgresTesting.assumeReachable();
        int first = PostgresSchema.init(settings);
        int again = PostgresSchema.init(settings);
        assertEquals(first, again);
        List<String> tables = new ArrayList<>();
        try (Connection c = settings.connect(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT table_name FROM information_schema.tables"
                     + " WHERE table_schema = current_schema() ORDER BY table_name")) {
            while (r.next()) tables.add(r.getString(1));
        }
        assertTrue(tables.containsAll(PostgresSchema.TABLES), tables.toString());
    }

    @Test
    void anUnreachableServerIsNamedInTheError() {
        PostgresSettings nowhere = new PostgresSettings("jdbc:postgresql://127.0.0.1:1/none", "nobody", "");
        String reason = nowhere.unreachableReason();
        assertTrue(reason != null && reason.contains("127.0.0.1:1"), String.valueOf(reason));
    }
}

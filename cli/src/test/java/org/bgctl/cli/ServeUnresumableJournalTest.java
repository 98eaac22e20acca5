package org.bgctl.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A server started on a run directory whose journal cannot be resumed — damaged, another program's database, a
 * snapshot its scheduler cannot recover from, or recorded inputs that cannot be rebuilt — ends before it listens: one
 * line naming the directory and its journal and why, exit 2, its port free, and every file of the directory as it was,
 * byte for byte. It once went on listening without a scheduler (a snapshot that does not deserialize, another
 * program's database), or ended with exit 1, having rewritten the journal and left an H2 error file beside it.
 */
class ServeUnresumableJournalTest {

    /** A served run: two trace jobs arrived and a live one, stopped cleanly. */
    @TempDir
    static Path served;

    @TempDir
    Path dir;

    private static Path run;
    private static Path trace;

    @BeforeAll
    static void serve() throws Exception {
        run = served.resolve("run");
        trace = CliRun.trace(served, "trace.swf", CliRun.job(1, 0, 100, 4, 200), CliRun.job(2, 10, 100, 4, 200));
        ServeProcess server = ServeProcess.start(run, "--machine", "flat:8", "--trace", trace.toString(),
                "--speed", "1000");
        try {
            long end = System.currentTimeMillis() + 60_000;
            while (server.get("/api/metrics").get("jobs_submitted").asLong() < 2 && System.currentTimeMillis() < end)
                Thread.sleep(20);
            assertTrue(server.submit("{\"size\": 2, \"runtime\": 50}") > 2, "a live job acknowledged");
        } finally {
            server.stop();
        }
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSnapshotThatDoesNotDeserializeIsRefusedBeforeTheServerListens() throws Exception {
        Path broken = copyOfRun();
        sql(broken, "INSERT INTO \"snapshot\" SELECT \"persistence_id\", MAX(\"sequence_number\"), 0,"
                + " MAX(\"event_ser_id\"), 'S', X'00010203', NULL, NULL, NULL FROM \"event_journal\""
                + " GROUP BY \"persistence_id\"");
        assertRefusedUntouched(broken, journalRefusal(broken) + "snapshot at entry ");
    }

    /**
     * A snapshot that deserializes but cannot restore this run's scheduler (it is another machine's) fails the
     * scheduler's recovery, which Akka logs: the start ends all the same, with the refusal as its last line, and
     * nothing else is logged as a failure of a running server (the clock stopping with the start).
     */
    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aSnapshotOfAnotherMachinesRunEndsTheStartBeforeTheServerListens() throws Exception {
        Path other = dir.resolve("other");
        ServeProcess server = ServeProcess.start(List.of("-Dbgctl.scheduler.snapshot-every=1"), other, "--machine",
                "flat:16");
        try {
            assertTrue(server.submit("{\"size\": 2, \"runtime\": 50}") > 0, "a job acknowledged");
        } finally {
            server.stop();
        }
        Path broken = copyOfRun();
        String otherUrl = "jdbc:h2:file:" + other.resolve("journal").toAbsolutePath() + ";TRACE_LEVEL_FILE=0";
        try (Connection c = DriverManager.getConnection(otherUrl, "sa", "");
             Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT \"snapshot_ser_id\", \"snapshot_ser_manifest\", \"snapshot_payload\""
                     + " FROM \"snapshot\" ORDER BY \"sequence_number\" DESC LIMIT 1")) {
            assertTrue(r.next(), "the other run took a snapshot");
            sql(broken, "INSERT INTO \"snapshot\" SELECT \"persistence_id\", MAX(\"sequence_number\"), 0, "
                    + r.getInt(1) + ", '" + r.getString(2) + "', X'" + HexFormat.of().formatHex(r.getBytes(3))
                    + "', NULL, NULL, NULL FROM \"event_journal\" GROUP BY \"persistence_id\"");
        }
        assertRefusedUntouched(broken, journalRefusal(broken) + "the scheduler failed to recover from it", true);
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anotherProgramsDatabaseIsRefused() throws Exception {
        Path broken = copyOfRun();
        Files.delete(broken.resolve("journal.mv.db"));
        sql(broken, "CREATE TABLE accounts (id INT PRIMARY KEY, name VARCHAR(20))");
        assertRefusedUntouched(broken, journalRefusal(broken) + "it holds no bgctl journal");
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTruncatedJournalIsRefused() throws Exception {
        Path broken = copyOfRun();
        try (var file = Files.newByteChannel(broken.resolve("journal.mv.db"), StandardOpenOption.WRITE)) {
            file.truncate(4096);
        }
        assertRefusedUntouched(broken, journalRefusal(broken));
    }

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void aTraceThatChangedSinceTheRunStartedIsRefusedWithTheJournalUntouched() throws Exception {
        Path copy = copyOfRun();
        Files.writeString(trace, CliRun.job(3, 20, 100, 4, 200) + "\n", StandardOpenOption.APPEND);
        try {
            assertRefusedUntouched(copy, "bgctl serve: the trace " + trace.toAbsolutePath().normalize() + " of " + copy
                    + " changed since the run started");
        } finally {
            List<String> lines = Files.readAllLines(trace);
            Files.write(trace, lines.subList(0, lines.size() - 1));
        }
    }

    /** The start of the refusal of {@code run}'s journal, up to its cause. */
    private static String journalRefusal(Path run) {
        return "bgctl serve: cannot resume " + run + " from its journal " + run.resolve("journal.mv.db") + ": ";
    }

    private static void assertRefusedUntouched(Path run, String refusal) throws Exception {
        assertRefusedUntouched(run, refusal, false);
    }

    /**
     * Starts a server on {@code run} and checks that it ends as a refused start must, having changed nothing: its
     * output is the refusal and the help hint, after Akka's log of the scheduler's failure when {@code logged}.
     */
    private static void assertRefusedUntouched(Path run, String refusal, boolean logged) throws Exception {
        Map<String, byte[]> before = files(run);
        int port = freePort();
        ServeProcess.Ended ended = ServeProcess.ended(run, port);
        List<String> lines = ended.lines();
        assertEquals(2, ended.exit(), lines.toString());
        if (!logged) assertEquals(2, lines.size(), "one line, and the help hint: " + lines);
        assertTrue(lines.stream().noneMatch(l -> l.contains("the clock stopped")), lines.toString());
        String line = lines.get(lines.size() - 2);
        assertTrue(line.startsWith(refusal), line);
        assertTrue(line.endsWith("(nothing was changed)"), line);
        assertEquals("see: bgctl serve --help", lines.get(lines.size() - 1));
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", port)); // the port is free again
        }
        Map<String, byte[]> after = files(run);
        assertEquals(before.keySet(), after.keySet(), "the same files");
        before.forEach((name, bytes) -> assertArrayEquals(bytes, after.get(name), name + " byte for byte"));
    }

    private Path copyOfRun() throws IOException {
        Path copy = dir.resolve("run");
        Files.createDirectories(copy);
        try (Stream<Path> files = Files.list(run)) {
            for (Path f : files.toList()) Files.copy(f, copy.resolve(f.getFileName()));
        }
        return copy;
    }

    /** Runs {@code statement} on the H2 database of {@code run}'s journal file, as another program would. */
    private static void sql(Path run, String statement) throws Exception {
        String url = "jdbc:h2:file:" + run.resolve("journal").toAbsolutePath() + ";TRACE_LEVEL_FILE=0";
        try (Connection c = DriverManager.getConnection(url, "sa", ""); Statement s = c.createStatement()) {
            s.execute(statement);
        }
    }

    private static Map<String, byte[]> files(Path run) throws IOException {
        Map<String, byte[]> files = new TreeMap<>();
        try (Stream<Path> list = Files.list(run)) {
            for (Path f : list.toList()) files.put(f.getFileName().toString(), Files.readAllBytes(f));
        }
        return files;
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress("127.0.0.1", 0));
            return socket.getLocalPort();
        }
    }
}

package org.bgctl.journal;

import akka.actor.typed.ActorSystem;
import akka.actor.typed.javadsl.Behaviors;
import akka.serialization.Serialization;
import akka.serialization.SerializationExtension;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Map;
import java.util.Optional;
import org.bgctl.scheduler.SchedulerActor;
import org.bgctl.scheduler.event.EventBatch;

/**
 * Checks the integrity of a run's journal, read row by row: the scheduler's entries are numbered 1, 2, 3, ... without
 * a gap, none is marked deleted, every entry deserializes to an {@link EventBatch} and every snapshot to a
 * {@link SchedulerActor.Snapshot} taken at an entry the journal holds.
 */
public final class JournalVerifier {

    /**
     * What the check found.
     *
     * @param entries   journal entries (event groups) read
     * @param events    events in them
     * @param snapshots snapshots read
     * @param firstBad  the first bad entry or snapshot, named; empty when the journal is sound
     */
    public record Result(long entries, long events, long snapshots, Optional<String> firstBad) {

        public boolean ok() {
            return firstBad.isEmpty();
        }
    }

    private JournalVerifier() {
    }

    /**
     * Checks the journal of {@code location}.
     *
     * @throws IllegalArgumentException when the journal cannot be opened at all (named in the message)
     */
    public static Result verify(JournalLocation location) {
        ActorSystem<Void> system = serialization(location, "bgctl-verify");
        try {
            return read(location, c -> verify(c, location, system));
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot read the journal of " + location.runDir() + ": " + e.getMessage());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    /**
     * Why the H2 journal of {@code runDir}, an H2 database file ({@link JournalSettings#notAJournal}), cannot be
     * resumed, checked before the journal opens it for writing (read as {@link #read} reads); empty when it can. A database holding neither the run's
     * inputs ({@link RunInputsTable}) nor the journal's entries cannot; nor can a journal whose latest snapshot, the one
     * the scheduler's recovery starts from, does not deserialize or was taken after the journal's last entry (its
     * entries themselves are read, and checked so, with the run's view).
     */
    public static Optional<String> unresumable(Path runDir) {
        JournalLocation location = JournalLocation.of(runDir);
        ActorSystem<Void> system = serialization(location, "bgctl-resume-check");
        try {
            return read(location, c -> unresumable(c, location, system));
        } catch (SQLException e) {
            return Optional.of(e.getMessage());
        } finally {
            system.terminate();
            system.getWhenTerminated().toCompletableFuture().join();
        }
    }

    private static Optional<String> unresumable(Connection c, JournalLocation location, ActorSystem<Void> system)
            throws SQLException {
        if (!hasTable(c, "event_journal"))
            return hasTable(c, RunInputsTable.TABLE) ? Optional.empty() : Optional.of("it holds no bgctl"
                    + " journal (neither the table " + RunInputsTable.TABLE + " nor event_journal)");
        Counts counts = new Counts();
        try (PreparedStatement q = c.prepareStatement("SELECT COALESCE(MAX(\"sequence_number\"), 0) FROM"
                + " \"event_journal\" WHERE \"persistence_id\" = ?")) {
            q.setString(1, location.persistenceId());
            try (ResultSet r = q.executeQuery()) {
                r.next();
                counts.entries = r.getLong(1);
            }
        }
        return snapshots(c, location.persistenceId(), SerializationExtension.get(system), counts, true).firstBad();
    }

    /** An actor system for the serialization of {@code location}'s journal, and nothing else. */
    static ActorSystem<Void> serialization(JournalLocation location, String name) {
        return ActorSystem.create(Behaviors.empty(), name,
                ConfigFactory.parseMap(Map.of("akka.coordinated-shutdown.run-by-jvm-shutdown-hook", "off"))
                        .withFallback(location.config()).withFallback(ConfigFactory.load()));
    }

    private static Result verify(Connection c, JournalLocation location, ActorSystem<Void> system) throws SQLException {
        if (location.kind() == JournalKind.H2 && !hasTable(c, "event_journal")) return new Result(0, 0, 0, Optional.empty());
        Serialization serialization = SerializationExtension.get(system);
        Counts counts = entries(c, location.persistenceId(), serialization);
        if (counts.bad != null) return new Result(counts.entries, counts.events, 0, Optional.of(counts.bad));
        return snapshots(c, location.persistenceId(), serialization, counts, false);
    }

    /**
     * Whether the database holds {@code table}. An H2 file without the journal's tables is the file of a durable replay
     * killed after the file was created and before its tables were written: it holds no entry (plain {@code inspect}
     * reads it as empty, and {@code replay --resume} runs it from its start).
     */
    static boolean hasTable(Connection c, String table) throws SQLException {
        try (ResultSet r = c.getMetaData().getTables(null, null, table, null)) {
            return r.next();
        }
    }

    private static final class Counts {
        long entries;
        long events;
        String bad;
    }

    /**
     * {@code reading} of the database of {@code location}'s journal, which writes nothing to a cleanly closed, whole H2
     * file ({@link H2Connections#read}).
     */
    static <T> T read(JournalLocation location, H2Connections.Reading<T> reading) throws SQLException {
        return switch (location.kind()) {
            case H2 -> H2Connections.read(JournalSettings.h2Url(location.runDir()), reading);
            case POSTGRES -> {
                try (Connection c = PostgresSettings.from(location.config().withFallback(ConfigFactory.load())).connect()) {
                    yield reading.from(c);
                }
            }
            case MEMORY -> throw new IllegalArgumentException("a memory journal keeps nothing to verify");
        };
    }

    private static Counts entries(Connection c, String id, Serialization serialization) throws SQLException {
        Counts counts = new Counts();
        try (PreparedStatement q = c.prepareStatement("SELECT \"sequence_number\", \"deleted\", \"event_ser_id\","
                + " \"event_ser_manifest\", \"event_payload\" FROM \"event_journal\" WHERE \"persistence_id\" = ?"
                + " ORDER BY \"sequence_number\"")) {
            q.setString(1, id);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    long seq = r.getLong(1);
                    if (seq != counts.entries + 1) {
                        counts.bad = "entry " + seq + ": expected sequence number " + (counts.entries + 1)
                                + " (entries missing or repeated)";
                        return counts;
                    }
                    if (r.getBoolean(2)) {
                        counts.bad = "entry " + seq + ": marked deleted";
                        return counts;
                    }
                    Object event;
                    try {
                        event = serialization.deserialize(r.getBytes(5), r.getInt(3), r.getString(4)).get();
                    } catch (Exception e) {
                        counts.bad = "entry " + seq + ": does not deserialize: " + e;
                        return counts;
                    }
                    if (!(event instanceof EventBatch batch)) {
                        counts.bad = "entry " + seq + ": not an event batch but " + event.getClass().getName();
                        return counts;
                    }
                    counts.entries = seq;
                    counts.events += batch.events().size();
                }
            }
        }
        return counts;
    }

    /** Checks every snapshot of {@code id}, in entry order, or only the latest (that which recovery loads). */
    private static Result snapshots(Connection c, String id, Serialization serialization, Counts counts, boolean latest)
            throws SQLException {
        long snapshots = 0;
        try (PreparedStatement q = c.prepareStatement("SELECT \"sequence_number\", \"snapshot_ser_id\","
                + " \"snapshot_ser_manifest\", \"snapshot_payload\" FROM \"snapshot\" WHERE \"persistence_id\" = ?"
                + " ORDER BY \"sequence_number\"" + (latest ? " DESC LIMIT 1" : ""))) {
            q.setString(1, id);
            try (ResultSet r = q.executeQuery()) {
                while (r.next()) {
                    long seq = r.getLong(1);
                    String bad = null;
                    try {
                        Object s = serialization.deserialize(r.getBytes(4), r.getInt(2), r.getString(3)).get();
                        if (!(s instanceof SchedulerActor.Snapshot))
                            bad = "not a scheduler snapshot but " + s.getClass().getName();
                    } catch (Exception e) {
                        bad = "does not deserialize: " + e;
                    }
                    if (bad == null && seq > counts.entries)
                        bad = "taken at entry " + seq + ", after the journal's last entry " + counts.entries;
                    if (bad != null)
                        return new Result(counts.entries, counts.events, snapshots,
                                Optional.of("snapshot at entry " + seq + ": " + bad));
                    snapshots++;
                }
            }
        }
        return new Result(counts.entries, counts.events, snapshots, Optional.empty());
    }
}

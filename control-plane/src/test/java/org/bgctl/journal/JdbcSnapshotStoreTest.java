package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorRef;
import akka.persistence.DeleteSnapshotSuccess;
import akka.persistence.DeleteSnapshotsSuccess;
import akka.persistence.SaveSnapshotSuccess;
import akka.persistence.SelectedSnapshot;
import akka.persistence.SnapshotMetadata;
import akka.persistence.SnapshotProtocol;
import akka.persistence.SnapshotSelectionCriteria;
import com.typesafe.config.ConfigFactory;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import scala.jdk.javaapi.OptionConverters;

/**
 * bgctl's JDBC snapshot store, on an H2 file and on PostgreSQL (skipped when none answers): the latest snapshot a
 * selection admits by sequence number and timestamp, per persistence id, with its metadata; a snapshot saved again
 * at the same sequence number replaces the first; deletions one by one and by selection.
 */
class JdbcSnapshotStoreTest extends JdbcPluginTesting {

    private ActorRef store;

    private void save(String id, long seqNr, String snapshot) {
        SnapshotMetadata metadata = SnapshotMetadata.apply(prefix + id, seqNr, 0);
        store.tell(new SnapshotProtocol.SaveSnapshot(metadata, snapshot), replyTo());
        probe.expectMessageClass(SaveSnapshotSuccess.class);
    }

    private Optional<SelectedSnapshot> load(String id, SnapshotSelectionCriteria criteria) {
        store.tell(new SnapshotProtocol.LoadSnapshot(prefix + id, criteria, Long.MAX_VALUE),
                replyTo());
        return OptionConverters.toJava(probe.expectMessageClass(SnapshotProtocol.LoadSnapshotResult.class).snapshot());
    }

    private Optional<Object> latest(String id, SnapshotSelectionCriteria criteria) {
        return load(id, criteria).map(SelectedSnapshot::snapshot);
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void loadsTheLatestSnapshotTheSelectionAdmits(JournalKind kind) {
        store = start(kind).snapshotStoreFor("", ConfigFactory.empty());
        save("a", 3, "a@3");
        save("a", 7, "a@7");
        save("a", 12, "first a@12");
        save("a", 12, "a@12");
        save("b", 5, "b@5");
        assertEquals(Optional.of("a@12"), latest("a", SnapshotSelectionCriteria.latest()));
        SnapshotMetadata metadata = load("a", SnapshotSelectionCriteria.latest()).orElseThrow().metadata();
        assertEquals(prefix + "a", metadata.persistenceId());
        assertEquals(12, metadata.sequenceNr());
        assertTrue(metadata.timestamp() > 0, metadata.toString()); // the time of the saving, as Akka sets it
        assertEquals(Optional.of("a@7"), latest("a", SnapshotSelectionCriteria.create(10, Long.MAX_VALUE)));
        assertEquals(Optional.of("a@12"), latest("a", SnapshotSelectionCriteria.create(Long.MAX_VALUE,
                metadata.timestamp())));
        assertEquals(Optional.empty(), latest("a", SnapshotSelectionCriteria.create(Long.MAX_VALUE,
                metadata.timestamp() - 1_000_000)));
        assertEquals(Optional.empty(), latest("a", SnapshotSelectionCriteria.create(Long.MAX_VALUE, Long.MAX_VALUE,
                0, metadata.timestamp() + 1_000_000)));
        assertEquals(Optional.empty(), latest("a", SnapshotSelectionCriteria.create(2, Long.MAX_VALUE)));
        assertEquals(Optional.empty(), latest("a", SnapshotSelectionCriteria.create(6, Long.MAX_VALUE, 4, 0)));
        assertEquals(Optional.of("b@5"), latest("b", SnapshotSelectionCriteria.latest()));
        assertEquals(Optional.empty(), latest("c", SnapshotSelectionCriteria.latest()));
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void deletesOneSnapshotOrThoseASelectionAdmits(JournalKind kind) {
        store = start(kind).snapshotStoreFor("", ConfigFactory.empty());
        for (long s : new long[] {3, 7, 12}) save("a", s, "a@" + s);
        save("b", 5, "b@5");
        store.tell(new SnapshotProtocol.DeleteSnapshot(SnapshotMetadata.apply(prefix + "a", 12, 0)),
                replyTo());
        probe.expectMessageClass(DeleteSnapshotSuccess.class);
        assertEquals(Optional.of("a@7"), latest("a", SnapshotSelectionCriteria.latest()));

        store.tell(new SnapshotProtocol.DeleteSnapshots(prefix + "a",
                SnapshotSelectionCriteria.create(7, Long.MAX_VALUE)), replyTo());
        probe.expectMessageClass(DeleteSnapshotsSuccess.class);
        assertEquals(Optional.empty(), latest("a", SnapshotSelectionCriteria.latest()));
        assertEquals(Optional.of("b@5"), latest("b", SnapshotSelectionCriteria.latest()));
    }
}

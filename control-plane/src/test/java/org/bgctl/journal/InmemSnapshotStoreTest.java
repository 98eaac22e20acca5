package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import akka.actor.ActorRef;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.javadsl.Adapter;
import akka.persistence.DeleteSnapshotsSuccess;
import akka.persistence.Persistence;
import akka.persistence.SaveSnapshotSuccess;
import akka.persistence.SelectedSnapshot;
import akka.persistence.SnapshotMetadata;
import akka.persistence.SnapshotProtocol;
import akka.persistence.SnapshotSelectionCriteria;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import scala.jdk.javaapi.OptionConverters;

/** The memory journal's snapshot store: the latest snapshot a selection allows, per persistence id; deletions. */
class InmemSnapshotStoreTest {

    private static final ActorTestKit KIT = ActorTestKit.create(
            JournalSettings.config(JournalKind.MEMORY, Path.of(".")).withFallback(ConfigFactory.load()));

    private final TestProbe<Object> probe = KIT.createTestProbe();
    private final ActorRef store = Persistence.get(Adapter.toClassic(KIT.system()))
            .snapshotStoreFor(InmemSnapshotStore.PLUGIN, ConfigFactory.empty());

    @AfterAll
    static void shutDown() {
        KIT.shutdownTestKit();
    }

    private void save(String id, long seqNr) {
        SnapshotMetadata metadata = SnapshotMetadata.apply(id, seqNr, seqNr * 10);
        store.tell(new SnapshotProtocol.SaveSnapshot(metadata, id + "@" + seqNr), Adapter.toClassic(probe.getRef()));
        probe.expectMessageClass(SaveSnapshotSuccess.class);
    }

    private Optional<Object> load(String id, long maxSeqNr) {
        store.tell(new SnapshotProtocol.LoadSnapshot(id, SnapshotSelectionCriteria.create(maxSeqNr, Long.MAX_VALUE),
                Long.MAX_VALUE), Adapter.toClassic(probe.getRef()));
        SnapshotProtocol.LoadSnapshotResult result = probe.expectMessageClass(SnapshotProtocol.LoadSnapshotResult.class);
        return OptionConverters.toJava(result.snapshot()).map(SelectedSnapshot::snapshot);
    }

    @Test
    void loadsTheLatestSnapshotTheSelectionAllowsAndForgetsTheDeletedOnes() {
        save("a", 3);
        save("a", 7);
        save("a", 12);
        save("b", 5);
        assertEquals(Optional.of("a@12"), load("a", Long.MAX_VALUE));
        assertEquals(Optional.of("a@7"), load("a", 10));
        assertEquals(Optional.empty(), load("a", 2));

        store.tell(new SnapshotProtocol.DeleteSnapshots("a", SnapshotSelectionCriteria.create(7, Long.MAX_VALUE)),
                Adapter.toClassic(probe.getRef()));
        probe.expectMessageClass(DeleteSnapshotsSuccess.class);
        assertEquals(Optional.empty(), load("a", 10));
        assertEquals(Optional.of("a@12"), load("a", Long.MAX_VALUE));
        assertEquals(Optional.of("b@5"), load("b", Long.MAX_VALUE));
        assertEquals(Optional.empty(), load("c", Long.MAX_VALUE));
    }
}

package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorRef;
import akka.actor.testkit.typed.javadsl.ActorTestKit;
import akka.actor.testkit.typed.javadsl.TestProbe;
import akka.actor.typed.javadsl.Adapter;
import akka.persistence.AtomicWrite;
import akka.persistence.JournalProtocol;
import akka.persistence.Persistence;
import akka.persistence.PersistentEnvelope;
import akka.persistence.PersistentRepr;
import akka.persistence.SnapshotProtocol;
import akka.persistence.SnapshotSelectionCriteria;
import com.typesafe.config.ConfigFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import scala.jdk.javaapi.CollectionConverters;

/**
 * A journal that adopts a new run's H2 file while it opens ({@link JournalDatabase#adopt}): it answers a recovery's
 * reads — the latest snapshot, the highest sequence number, the events — at once, from the file being new, without
 * touching the file; its first write takes the file, and from then on every read goes to it. A file that cannot be
 * opened fails that write.
 */
class AdoptedJournalTest {

    @TempDir
    Path dir;

    private ActorTestKit kit;
    private TestProbe<Object> probe;
    private ActorRef journal;
    private ActorRef snapshots;

    @AfterEach
    void shutDown() {
        if (kit != null) kit.shutdownTestKit();
    }

    /** A system whose journal adopts the H2 file of run directory {@code runDir}, opened meanwhile. */
    private JournalDatabase adopting(Path runDir) {
        kit = ActorTestKit.create(JournalSettings.config(JournalKind.H2, dir.resolve("unused"))
                .withFallback(ConfigFactory.load()));
        JournalDatabase database = JournalDatabase.get(Adapter.toClassic(kit.system()));
        database.adopt(H2Opening.start(JournalSettings.h2Url(runDir)));
        probe = kit.createTestProbe();
        Persistence persistence = Persistence.get(Adapter.toClassic(kit.system()));
        journal = persistence.journalFor("", ConfigFactory.empty());
        snapshots = persistence.snapshotStoreFor("", ConfigFactory.empty());
        return database;
    }

    private ActorRef replyTo() {
        return Adapter.toClassic(probe.getRef());
    }

    /** What a recovery reads: the latest snapshot, then the events and the highest sequence number. */
    private List<Object> recover(String id) {
        snapshots.tell(new SnapshotProtocol.LoadSnapshot(id, SnapshotSelectionCriteria.Latest(), Long.MAX_VALUE),
                replyTo());
        Object snapshot = probe.expectMessageClass(SnapshotProtocol.LoadSnapshotResult.class).snapshot();
        journal.tell(new JournalProtocol.ReplayMessages(1, Long.MAX_VALUE, Long.MAX_VALUE, id, replyTo()),
                ActorRef.noSender());
        List<Object> read = new ArrayList<>(List.of(snapshot));
        while (true) {
            Object m = probe.receiveMessage();
            if (m instanceof JournalProtocol.ReplayedMessage r) {
                read.add(r.persistent().payload());
            } else {
                read.add(((JournalProtocol.RecoverySuccess) m).highestSequenceNr());
                return read;
            }
        }
    }

    private void write(String id, long seqNr) {
        PersistentRepr event = PersistentRepr.apply(id + "#" + seqNr, seqNr, id, "", false, ActorRef.noSender(), "w");
        AtomicWrite write = new AtomicWrite(CollectionConverters.asScala(List.of(event)).toSeq());
        journal.tell(new JournalProtocol.WriteMessages(CollectionConverters.asScala(List.<PersistentEnvelope>of(write))
                .toSeq(), replyTo(), 1), ActorRef.noSender());
    }

    @Test
    void aNewFileIsReadAsEmptyUntilTheFirstWriteThenReadFromTheFile() {
        JournalDatabase database = adopting(dir.resolve("run"));
        assertTrue(database.knownEmpty());
        assertEquals(List.of(scala.Option.empty(), 0L), recover("a"));
        assertTrue(database.knownEmpty(), "reads alone do not use the file");

        write("a", 1);
        probe.expectMessageClass(JournalProtocol.WriteMessagesSuccessful$.class);
        probe.expectMessageClass(JournalProtocol.WriteMessageSuccess.class);
        assertFalse(database.knownEmpty());
        assertEquals(List.of(scala.Option.empty(), "a#1", 1L), recover("a"));
    }

    @Test
    void aFileThatCannotBeOpenedIsReadAsEmptyAndFailsTheFirstWrite() throws Exception {
        Path runDir = Files.createDirectories(dir.resolve("run"));
        Files.createDirectories(runDir.resolve(JournalSettings.H2_FILE + ".mv.db")); // where H2 would make its file
        adopting(runDir);
        assertEquals(List.of(scala.Option.empty(), 0L), recover("a"));

        write("a", 1);
        JournalProtocol.WriteMessagesFailed failed = probe.expectMessageClass(JournalProtocol.WriteMessagesFailed.class);
        assertTrue(failed.cause().getMessage().startsWith("cannot open the journal: "), failed.cause().toString());
        probe.expectMessageClass(JournalProtocol.WriteMessageFailure.class);
    }
}

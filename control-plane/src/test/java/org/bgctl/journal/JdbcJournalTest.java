package org.bgctl.journal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import akka.actor.ActorRef;
import akka.persistence.AtomicWrite;
import akka.persistence.DeleteMessagesSuccess;
import akka.persistence.JournalProtocol;
import akka.persistence.PersistentEnvelope;
import akka.persistence.PersistentRepr;
import com.typesafe.config.Config;
import com.typesafe.config.ConfigFactory;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import scala.jdk.javaapi.CollectionConverters;

/**
 * bgctl's JDBC journal, on an H2 file and on PostgreSQL (skipped when none answers), through Akka's journal protocol:
 * writes of several events at once, replays within bounds and up to a count, with the events' metadata, the highest
 * sequence number, deletions up to a sequence number, the rejection of an event that does not serialize and the
 * failure of a write the database refuses; and writes acknowledged ahead ({@code bgctl.jdbc-journal.pipelined}).
 */
class JdbcJournalTest extends JdbcPluginTesting {

    private static final String WRITER = "writer-1";

    private ActorRef journal;

    private PersistentRepr event(String id, long seqNr) {
        return PersistentRepr.apply(id + "#" + seqNr, seqNr, prefix + id, "m" + seqNr, false, ActorRef.noSender(),
                WRITER);
    }

    private static AtomicWrite atomic(PersistentRepr... events) {
        return new AtomicWrite(CollectionConverters.asScala(List.of(events)).toSeq());
    }

    private void write(AtomicWrite... writes) {
        List<PersistentEnvelope> envelopes = List.of(writes);
        journal.tell(new JournalProtocol.WriteMessages(CollectionConverters.asScala(envelopes).toSeq(),
                replyTo(), 1), ActorRef.noSender());
    }

    private void writeAll(String id, long... seqNrs) {
        List<PersistentRepr> events = new ArrayList<>();
        for (long s : seqNrs) events.add(event(id, s));
        write(atomic(events.toArray(PersistentRepr[]::new)));
        probe.expectMessageClass(JournalProtocol.WriteMessagesSuccessful$.class);
        for (long s : seqNrs) {
            assertEquals(s, probe.expectMessageClass(JournalProtocol.WriteMessageSuccess.class).persistent()
                    .sequenceNr());
        }
    }

    /**
     * The payloads (each followed by its metadata, if any) replayed from {@code from} to {@code to}, at most
     * {@code max}, then the highest sequence number.
     */
    private List<Object> replay(String id, long from, long to, long max) {
        journal.tell(new JournalProtocol.ReplayMessages(from, to, max, prefix + id, replyTo()),
                ActorRef.noSender());
        List<Object> replayed = new ArrayList<>();
        while (true) {
            Object m = probe.receiveMessage();
            if (m instanceof JournalProtocol.ReplayedMessage r) {
                PersistentRepr e = r.persistent();
                assertEquals(WRITER, e.writerUuid());
                assertEquals("m" + e.sequenceNr(), e.manifest());
                assertTrue(e.timestamp() > 0, e.toString());
                replayed.add(e.payload());
                if (e.metadata().isDefined()) replayed.add(e.metadata().get());
            } else {
                replayed.add(((JournalProtocol.RecoverySuccess) m).highestSequenceNr());
                return replayed;
            }
        }
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void replaysWithinBoundsAndUpToACountAndKnowsTheHighestSequenceNumber(JournalKind kind) {
        journal = start(kind).journalFor("", ConfigFactory.empty());
        write(atomic(event("a", 1), event("a", 2), event("a", 3)), atomic(event("a", 4)),
                atomic(event("b", 1).withMetadata("meta of b#1")));
        probe.expectMessageClass(JournalProtocol.WriteMessagesSuccessful$.class);
        for (int i = 0; i < 5; i++) probe.expectMessageClass(JournalProtocol.WriteMessageSuccess.class);
        writeAll("a", 5);

        assertEquals(List.of("a#1", "a#2", "a#3", "a#4", "a#5", 5L), replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE));
        assertEquals(List.of("a#2", "a#3", "a#4", 5L), replay("a", 2, 4, Long.MAX_VALUE));
        assertEquals(List.of("a#3", "a#4", 5L), replay("a", 3, Long.MAX_VALUE, 2));
        assertEquals(List.of(5L), replay("a", 6, Long.MAX_VALUE, Long.MAX_VALUE));
        assertEquals(List.of("b#1", "meta of b#1", 1L), replay("b", 1, Long.MAX_VALUE, Long.MAX_VALUE));
        assertEquals(List.of(0L), replay("none", 1, Long.MAX_VALUE, Long.MAX_VALUE));
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void deletesUpToASequenceNumberAndKeepsTheHighest(JournalKind kind) {
        journal = start(kind).journalFor("", ConfigFactory.empty());
        writeAll("a", 1, 2, 3, 4, 5);
        journal.tell(new JournalProtocol.DeleteMessagesTo(prefix + "a", 3, replyTo()),
                ActorRef.noSender());
        assertEquals(3, probe.expectMessageClass(DeleteMessagesSuccess.class).toSequenceNr());
        assertEquals(List.of("a#4", "a#5", 5L), replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE));

        journal.tell(new JournalProtocol.DeleteMessagesTo(prefix + "a", 5, replyTo()),
                ActorRef.noSender());
        probe.expectMessageClass(DeleteMessagesSuccess.class);
        assertEquals(List.of(5L), replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE));
        writeAll("a", 6);
        assertEquals(List.of("a#6", 6L), replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE));
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void rejectsAnEventThatDoesNotSerializeAndFailsAWriteTheDatabaseRefuses(JournalKind kind) {
        journal = start(kind).journalFor("", ConfigFactory.empty());
        PersistentRepr unserializable = PersistentRepr.apply(new Object(), 2, prefix + "a", "", false,
                ActorRef.noSender(), WRITER);
        write(atomic(event("a", 1)), atomic(unserializable), atomic(event("a", 3)));
        probe.expectMessageClass(JournalProtocol.WriteMessagesSuccessful$.class);
        probe.expectMessageClass(JournalProtocol.WriteMessageSuccess.class);
        assertEquals(2, probe.expectMessageClass(JournalProtocol.WriteMessageRejected.class).message().sequenceNr());
        probe.expectMessageClass(JournalProtocol.WriteMessageSuccess.class);

        write(atomic(event("a", 4)), atomic(event("a", 3))); // 3 again: the primary key refuses the whole write
        probe.expectMessageClass(JournalProtocol.WriteMessagesFailed.class);
        probe.expectMessageClass(JournalProtocol.WriteMessageFailure.class);
        probe.expectMessageClass(JournalProtocol.WriteMessageFailure.class);
        assertEquals(List.of("a#1", "a#3", 3L), replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE));
    }

    @ParameterizedTest
    @EnumSource(value = JournalKind.class, names = {"H2", "POSTGRES"})
    void writesAheadAndFailsThePersistAfterAWriteTheDatabaseRefused(JournalKind kind) {
        Config pipelined = ConfigFactory.parseString("bgctl.jdbc-journal.pipelined = on");
        journal = start(kind, pipelined).journalFor("", ConfigFactory.empty());
        for (long s = 1; s <= 20; s++) writeAll("a", s);
        JdbcJournal.awaitPipelined(system());
        assertEquals(20, replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE).size() - 1);

        writeAll("a", 3); // acknowledged ahead, since the write before it was committed; the primary key refuses it
        write(atomic(event("a", 21)));
        probe.expectMessageClass(JournalProtocol.WriteMessagesFailed.class);
        probe.expectMessageClass(JournalProtocol.WriteMessageFailure.class);
        assertThrows(IllegalStateException.class, () -> JdbcJournal.awaitPipelined(system()));

        stop();
        journal = start(kind, pipelined).journalFor("", ConfigFactory.empty());
        List<Object> written = replay("a", 1, Long.MAX_VALUE, Long.MAX_VALUE);
        assertEquals(List.of("a#20", 20L), written.subList(19, 21)); // nothing after the write refused
    }
}

package org.bgctl.live;

import akka.dispatch.Futures;
import akka.persistence.AtomicWrite;
import akka.persistence.PersistentRepr;
import akka.persistence.journal.japi.AsyncWriteJournal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.function.Consumer;
import scala.concurrent.Future;
import scala.concurrent.Promise;

/**
 * Test journal: every write is held until the test lets it complete, so a test can see what arrives
 * while a write is under way. It replays nothing (each run starts fresh).
 */
public final class HeldJournal extends AsyncWriteJournal {

    /** The configuration that makes this the journal of an actor system. */
    static final String CONFIG = """
            akka.persistence.journal.plugin = "bgctl-held-journal"
            bgctl-held-journal.class = "org.bgctl.live.HeldJournal"
            akka.persistence.snapshot-store.plugin = "akka.persistence.no-snapshot-store"
            """;

    /**
     * One call of the journal: the payloads of each of its atomic writes, in order, and the completion
     * the journal waits for.
     */
    record Write(List<List<Object>> atomicWrites, Promise<Iterable<Optional<Exception>>> done) {

        /** The write is on disk: the writer hears so. */
        void complete() {
            done.success(List.of());
        }
    }

    /** Writes as they arrive, one per atomic write, for the test to take. */
    static final BlockingQueue<Write> WRITES = new LinkedBlockingQueue<>();

    @Override
    public Future<Iterable<Optional<Exception>>> doAsyncWriteMessages(Iterable<AtomicWrite> messages) {
        List<List<Object>> atomicWrites = new ArrayList<>();
        for (AtomicWrite w : messages) {
            List<Object> payloads = new ArrayList<>();
            scala.collection.Iterator<PersistentRepr> it = w.payload().iterator();
            while (it.hasNext()) payloads.add(it.next().payload());
            atomicWrites.add(payloads);
        }
        Promise<Iterable<Optional<Exception>>> done = Futures.promise();
        WRITES.add(new Write(atomicWrites, done));
        return done.future();
    }

    @Override
    public Future<Void> doAsyncDeleteMessagesTo(String persistenceId, long toSequenceNr) {
        return Futures.successful(null);
    }

    @Override
    public Future<Void> doAsyncReplayMessages(String persistenceId, long fromSequenceNr, long toSequenceNr, long max,
                                             Consumer<PersistentRepr> replay) {
        return Futures.successful(null);
    }

    @Override
    public Future<Long> doAsyncReadHighestSequenceNr(String persistenceId, long fromSequenceNr) {
        return Futures.successful(0L);
    }
}

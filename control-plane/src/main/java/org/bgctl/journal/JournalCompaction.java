package org.bgctl.journal;

import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;

/**
 * Keeps the H2 journal of a run that commits with no write delay ({@link JournalSettings#durableH2}) within a small
 * factor of its data. Each commit then writes a chunk of its own and H2 runs no background thread, so nothing rewrites
 * the live pages of chunks mostly dead and the file grows with every commit; this does what that thread would: every
 * {@value #INTERVAL_MS} ms, while the chunks are less than {@value #FILL_RATE}% live, it moves up to
 * {@value #WRITE_LIMIT} bytes of live pages to new chunks, so that the old ones can be reused (what H2's background
 * thread does, and as safely beside the run's writes; moving chunks to cut the file short is left to the close). It
 * works on the database
 * the run's journal has open, through a connection of its own (H2's store, an internal interface of H2 2.1). Closed
 * once the run has closed its own connections, it rewrites the file whole and compressed ({@code SHUTDOWN COMPACT}):
 * a stopped run's journal is then smaller than its events.
 */
public final class JournalCompaction implements AutoCloseable {

    /** How often the store is compacted, in ms. */
    static final long INTERVAL_MS = 200;

    /** Below this share of live data (percent) in its chunks the store is compacted. */
    static final int FILL_RATE = 90;

    /** At most this many bytes of live pages are moved per compaction. */
    static final int WRITE_LIMIT = 16 << 20;

    private final Connection connection;
    private final ScheduledExecutorService timer;
    private final MVStore store;

    private JournalCompaction(Connection connection, MVStore store) {
        this.connection = connection;
        this.store = store;
        this.timer = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "bgctl-journal-compaction");
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Opens the durable H2 journal of {@code runDir}, creating it if missing, and compacts it until closed. The
     * database stays open meanwhile, so the run's own connections to it come and go without opening and closing it.
     *
     * @throws IllegalStateException when the journal cannot be opened (e.g. another process holds it)
     */
    public static JournalCompaction start(Path runDir) {
        JournalCompaction journal = open(runDir);
        journal.compact();
        return journal;
    }

    /**
     * Opens the durable H2 journal of {@code runDir} as {@link #start} does, but compacts it only from {@link #compact()}
     * on: a query that streams its rows lazily (the {@link JournalReader}) must not have the pages it has still to
     * read moved under it.
     *
     * @throws IllegalStateException when the journal cannot be opened (e.g. another process holds it)
     */
    public static JournalCompaction open(Path runDir) {
        try {
            Connection c = H2Connections.open(JournalSettings.durableH2Url(runDir));
            SessionLocal session = (SessionLocal) ((JdbcConnection) c).getSession();
            return new JournalCompaction(c, session.getDatabase().getStore().getMvStore());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot open the journal of " + runDir + ": " + e.getMessage(), e);
        }
    }

    /** Starts compacting the store every {@value #INTERVAL_MS} ms, until closed; once only. */
    public void compact() {
        timer.scheduleWithFixedDelay(() -> {
            if (!store.isClosed()) store.compact(FILL_RATE, WRITE_LIMIT);
        }, INTERVAL_MS, INTERVAL_MS, TimeUnit.MILLISECONDS); // an exception (the store closed under it) ends it
    }

    /**
     * Stops compacting, then closes the database and rewrites its file whole: call it once nothing else uses the
     * journal (the run's actor system has terminated).
     */
    @Override
    public void close() throws IOException {
        timer.shutdown();
        try {
            timer.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        try (connection; Statement s = connection.createStatement()) {
            s.execute("SHUTDOWN COMPACT");
        } catch (SQLException e) {
            throw new IOException("closing the journal failed: " + e.getMessage(), e);
        }
    }
}

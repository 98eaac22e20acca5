package org.bgctl.journal;

import akka.Done;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CompletionStage;

/**
 * A run's H2 journal file opened, and its schema made, on a thread of its own as soon as the run directory is known,
 * while the actor system that will write it still starts and the run begins: opening H2 the first time in a JVM takes
 * about a tenth of a second, which a short replay would otherwise wait for. The system's {@link JournalDatabase}
 * adopts the connection ({@link JournalDatabase#adopt}), answering the run's recovery meanwhile from the file being
 * new, and takes the connection for its first write; one never adopted — the run failed before its journal was used
 * — is closed by {@link #close()}.
 */
public final class H2Opening implements AutoCloseable {

    private final String url;
    private final CompletableFuture<Connection> opened = new CompletableFuture<>();
    /** Set once the journal database took the connection, or once closed; guarded by this. */
    private boolean taken;

    private H2Opening(String url) {
        this.url = url;
        Thread opener = new Thread(() -> {
            try {
                opened.complete(open(url));
            } catch (Throwable t) {
                opened.completeExceptionally(t);
            }
        }, "bgctl-journal-open");
        opener.setDaemon(true);
        opener.start();
    }

    /** Opens the H2 file at {@code url} and makes its schema, meanwhile. */
    public static H2Opening start(String url) {
        return new H2Opening(url);
    }

    private static Connection open(String url) throws SQLException {
        Connection c = JournalDatabase.openH2(url);
        try {
            c.setAutoCommit(false);
            JournalSchema.createH2(c);
            c.commit();
            return c;
        } catch (SQLException | RuntimeException e) {
            c.close();
            throw e;
        }
    }

    /** The file's URL. */
    String url() {
        return url;
    }

    /** Completes once the file is open and its schema made; fails as the opening did. */
    public CompletionStage<Done> ready() {
        return opened.thenApply(c -> Done.getInstance());
    }

    /**
     * The open connection, from now on its taker's to close; waits for the opening.
     *
     * @throws IllegalStateException when this was closed first
     * @throws IllegalArgumentException when the file could not be opened
     */
    synchronized Connection take() {
        if (taken) throw new IllegalStateException("the journal's H2 file was closed before the journal used it");
        taken = true;
        try {
            return opened.join();
        } catch (CompletionException e) {
            if (e.getCause() instanceof RuntimeException r) throw r;
            throw new IllegalStateException("cannot open the journal: " + e.getCause(), e.getCause());
        }
    }

    /** Closes the connection unless the journal took it, once the opening is over. */
    @Override
    public synchronized void close() {
        if (taken) return;
        taken = true;
        opened.handle((c, failure) -> c).thenAccept(c -> {
            if (c == null) return;
            try {
                c.close();
            } catch (SQLException e) {
                // the run has failed already; the file is removed with its run directory
            }
        }).join();
    }
}

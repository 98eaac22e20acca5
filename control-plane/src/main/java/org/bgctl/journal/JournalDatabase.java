package org.bgctl.journal;

import akka.actor.AbstractExtensionId;
import akka.actor.ActorSystem;
import akka.actor.ExtendedActorSystem;
import akka.actor.Extension;
import akka.dispatch.Futures;
import akka.event.LoggingAdapter;
import com.typesafe.config.Config;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import scala.concurrent.Future;
import scala.concurrent.Promise;

/**
 * The database of an actor system's JDBC journal, as its persistence plugins ({@link JdbcJournal},
 * {@link JdbcSnapshotStore}) and {@link JournalSchema} use it: one connection, opened on first use, and one thread
 * of its own that does all their work on it, each piece a transaction of its own, in the order given. The database is
 * the one {@code bgctl.journal.database} names: {@code h2} at {@code bgctl.journal.h2-url} — or, for a system started
 * before its run directory was known, where {@link #placeH2} says, or the file the {@link H2Opening} given to
 * {@link #adopt} opened — or {@code postgres} as {@code bgctl.postgres} says. The connection is closed when the actor
 * system terminates, after its actors have stopped and before {@code whenTerminated} completes, so an H2 file is
 * closed before the JVM exits.
 *
 * <p>Work can also be run ahead ({@link #runAhead}): its caller goes on before it is committed. Once such work has
 * failed, every work after it fails too, so nothing is written after a write that is missing.
 */
public final class JournalDatabase implements Extension {

    /** Work on the connection, done in one transaction: committed when it returns, rolled back when it throws. */
    @FunctionalInterface
    public interface Work<T> {
        T apply(Connection connection) throws Exception;
    }

    /** The extension's id. */
    private static final class Id extends AbstractExtensionId<JournalDatabase> {

        static final Id INSTANCE = new Id();

        @Override
        public JournalDatabase createExtension(ExtendedActorSystem system) {
            return new JournalDatabase(system);
        }
    }

    /** How long the termination of the actor system waits for work in progress before the connection is closed. */
    private static final long CLOSE_WAIT_S = 60;

    private final Config config;
    private final LoggingAdapter log;
    private final ExecutorService thread;
    /** The H2 file's URL {@link #placeH2} gave, else null. */
    private volatile String placedH2;
    /** The H2 file opened for this system ({@link #adopt}) until its connection is taken, else null. */
    private volatile H2Opening adopted;
    /** Whether the database is a new one, made for this system, and no work was given yet ({@link #knownEmpty}). */
    private volatile boolean knownEmpty;
    /** Used on {@link #thread} only. */
    private Connection connection;
    /** Why work run ahead failed, else null; used on {@link #thread} only. */
    private Exception aheadFailed;
    /** When the work last run ahead is done. */
    private Future<Void> lastAhead = Futures.successful(null);

    private JournalDatabase(ExtendedActorSystem system) {
        this.config = system.settings().config();
        this.log = system.log();
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "bgctl-journal-jdbc");
            t.setDaemon(true);
            return t;
        });
        system.registerOnTermination(this::close);
    }

    /** The journal database of {@code system}. */
    public static JournalDatabase get(ActorSystem system) {
        return Id.INSTANCE.get(system);
    }

    /**
     * Places the H2 journal at {@code url}, for a system whose configuration does not name it (one started before its
     * run directory was known). Call before any work.
     */
    public void placeH2(String url) {
        placedH2 = url;
    }

    /**
     * Uses the H2 file {@code opening} opens, and its schema, as this system's journal, for a system started before its
     * run directory was known; a new file, so the journal is {@link #knownEmpty} until the first work. Work waits on
     * the journal's thread until the file is open; a file that cannot be opened fails the work given. Call before any
     * work.
     */
    public void adopt(H2Opening opening) {
        placedH2 = opening.url(); // where a connection closed after a failed rollback is opened again
        adopted = opening;
        knownEmpty = true;
    }

    /**
     * Whether the database is known to hold no rows: made for this system ({@link #adopt}) and given no work since.
     * The persistence plugins then answer a recovery's reads at once, so that the run need not wait for the file to
     * open; any work given ({@link #run}, {@link #runAhead}) ends it.
     */
    public boolean knownEmpty() {
        return knownEmpty;
    }

    /** Does {@code work} on the journal's thread, after the work given before; its result, or why it failed. */
    public <T> Future<T> run(Work<T> work) {
        knownEmpty = false;
        Promise<T> done = Futures.promise();
        try {
            thread.execute(() -> {
                try {
                    done.success(inTransaction(work));
                } catch (Exception e) {
                    done.failure(e);
                }
            });
        } catch (RejectedExecutionException e) {
            done.failure(new IllegalStateException("the journal database is closed", e));
        }
        return done.future();
    }

    /**
     * Does {@code work} on the journal's thread, after the work given before, as {@link #run} does, but answers when
     * the work run ahead before it is done: the caller goes on while this work is under way, and learns that it
     * failed from the next call (or from {@link #aheadDone}). Its result is dropped.
     */
    public synchronized Future<Void> runAhead(Work<?> work) {
        knownEmpty = false;
        Future<Void> before = lastAhead;
        Promise<Void> done = Futures.promise();
        lastAhead = done.future();
        try {
            thread.execute(() -> {
                try {
                    inTransaction(work);
                    done.success(null);
                } catch (Exception e) {
                    if (aheadFailed == null) aheadFailed = e;
                    done.failure(e);
                }
            });
        } catch (RejectedExecutionException e) {
            done.failure(new IllegalStateException("the journal database is closed", e));
        }
        return before;
    }

    /** Completed once the work run ahead so far is done; failed if any of it failed. */
    public synchronized Future<Void> aheadDone() {
        return lastAhead; // fails when any work before it failed, which it then did not do
    }

    private <T> T inTransaction(Work<T> work) throws Exception {
        if (aheadFailed != null)
            throw new IllegalStateException("an earlier write to the journal failed: " + aheadFailed, aheadFailed);
        Connection c = connection();
        try {
            T result = work.apply(c);
            c.commit();
            return result;
        } catch (Exception e) {
            try {
                c.rollback();
            } catch (SQLException rollback) {
                e.addSuppressed(rollback);
                closeConnection(); // opened again by the next work
            }
            throw e;
        }
    }

    private Connection connection() throws SQLException {
        if (connection == null) {
            H2Opening opening = adopted;
            adopted = null;
            Connection c = switch (JournalKind.parse(config.getString("bgctl.journal.database"))) {
                case H2 -> opening != null ? opening.take()
                        : openH2(placedH2 != null ? placedH2 : config.getString("bgctl.journal.h2-url"));
                case POSTGRES -> PostgresSettings.from(config).connect();
                case MEMORY -> throw new IllegalStateException("the memory journal has no database");
            };
            c.setAutoCommit(false); // also lets PostgreSQL stream a query's rows
            connection = c;
        }
        return connection;
    }

    /** The H2 file at {@code url}; one that cannot be opened (damaged, or held by another process) is bad input. */
    static Connection openH2(String url) {
        try {
            return H2Connections.open(url);
        } catch (SQLException e) {
            throw new IllegalArgumentException("cannot open the journal: " + e.getMessage(), e);
        }
    }

    private void closeConnection() {
        if (connection == null) return;
        try {
            connection.close();
        } catch (SQLException e) {
            log.warning("closing the journal database failed: {}", e.getMessage());
        }
        connection = null;
    }

    private void close() {
        thread.execute(this::closeConnection);
        thread.shutdown();
        try {
            if (!thread.awaitTermination(CLOSE_WAIT_S, TimeUnit.SECONDS))
                log.warning("the journal database was still busy after {} s; left open", CLOSE_WAIT_S);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}

package org.bgctl.journal;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import org.h2.api.ErrorCode;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.MVStoreException;
import org.h2.mvstore.MVStoreTool;

/**
 * Opens the connections to a run's H2 file, every one of them: the journal's, the run's inputs', the compaction's, and
 * those of the readers ({@code bgctl inspect}, a server's view).
 *
 * <p>A file H2 did not close (a process killed) is rewritten whole once H2 has recovered it, before anything else uses
 * it. Recovering such a file, H2 2.1 takes its newest complete chunk, and takes the chunks that chunk lists as dead to
 * take no room: the next chunks written may land where they are, or the file may be cut short before them, while the
 * list of chunks still names them there. Once the file is closed (its header marked clean), the next opening checks
 * the chunks that list names, finds one gone, and falls back to an older chunk whose list checks out: the last commits
 * are lost. A server killed while jobs were submitted, its file read by {@code inspect --verify} and the server started
 * again, listed fewer jobs than it had acknowledged: of the states a SIGKILL can leave under a stream of submissions,
 * about one in fifteen lost entries so. The recovered file, its unfinished transactions rolled back and stored (the
 * compaction numbers the maps anew, and an unfinished transaction's records name its maps by number), is shut without
 * a clean mark, so that its next reading recovers it again, read-only, and H2's own compaction (that of
 * {@code SHUTDOWN COMPACT}) copies that into a new file: it holds the recovered commits, lists only the chunks it holds,
 * and is closed clean.
 */
final class H2Connections {

    private static final String FILE_URL = "jdbc:h2:file:";

    /** H2's mark, in a file's header, of a file closed cleanly. */
    private static final String CLOSED_CLEANLY = "clean";

    /** The file a running server holds an operating-system lock on, in its run directory (RunDirectoryLock). */
    static final String SERVE_LOCK = "serve.lock";

    /**
     * The store of each file open here, by file: a file open in this JVM is not looked at again (closing another
     * channel to it would also release H2's lock on it).
     */
    private static final Map<Path, MVStore> OPEN = new HashMap<>();

    private H2Connections() {
    }

    /** A connection to the H2 database at {@code url}, its file rewritten first when it was not closed cleanly. */
    static synchronized Connection open(String url) throws SQLException {
        OPEN.values().removeIf(MVStore::isClosed);
        Path file = fileOf(url);
        boolean killed = file != null && !OPEN.containsKey(file) && notClosedCleanly(file);
        Connection c = connect(url);
        if (killed) c = rewritten(c, file, url);
        if (file != null) OPEN.putIfAbsent(file, store(c));
        return c;
    }

    /**
     * A connection to read the H2 database at {@code url}, which writes nothing to its file: opened read-only when the
     * file was closed cleanly and is not open in this JVM; otherwise as {@link #open} opens it (a file a process killed
     * is rewritten once, as before anything else uses it).
     */
    static synchronized Connection openToRead(String url) throws SQLException {
        OPEN.values().removeIf(MVStore::isClosed);
        Path file = fileOf(url);
        if (file == null || OPEN.containsKey(file) || !Files.isRegularFile(file) || notClosedCleanly(file)) return open(url);
        if (servedElsewhere(file.getParent())) throw inAnotherProcess(null);
        return connect(url + ";ACCESS_MODE_DATA=r");
    }

    /** What is read from an H2 database on a connection. */
    interface Reading<T> {
        T from(Connection c) throws SQLException;
    }

    /**
     * {@code reading} on a connection of {@link #openToRead}, and when it fails there (but for another process
     * holding the file), again on one of {@link #open}: a file whose header says it was closed cleanly, to which a
     * process killed soon after opening it had begun to write, may not read read-only (H2 2.1 rewrites the header only
     * at its next header write; reading it failed once with H2's 'Cannot read field streamStoreId'), and opened as a
     * killed run's file is, H2 recovers it. A cleanly closed, whole file is still read without a byte written.
     */
    static <T> T read(String url, Reading<T> reading) throws SQLException {
        try (Connection c = openToRead(url)) {
            return reading.from(c);
        } catch (SQLException readOnly) {
            if (readOnly.getErrorCode() == ErrorCode.DATABASE_ALREADY_OPEN_1) throw readOnly;
            try (Connection c = open(url)) {
                return reading.from(c);
            }
        }
    }

    /** A connection to the database at {@code url}; one another process holds open is named so. */
    private static Connection connect(String url) throws SQLException {
        try {
            return DriverManager.getConnection(url, "sa", "");
        } catch (SQLException e) {
            if (e.getErrorCode() != ErrorCode.DATABASE_ALREADY_OPEN_1) throw e;
            throw inAnotherProcess(e);
        }
    }

    private static SQLException inAnotherProcess(SQLException cause) {
        return new SQLException("it is open in another process (a bgctl serve running on it?); stop that first, or ask"
                + " the server with --server", cause == null ? null : cause.getSQLState(),
                ErrorCode.DATABASE_ALREADY_OPEN_1, cause);
    }

    /**
     * Whether another process holds the lock a running server takes on {@code serve.lock} in {@code run}. A server
     * started again opens a file its last stop closed cleanly, and H2 marks it open only when it next rewrites its
     * header: until then the file reads as closed, and a read-only reader would read pages the server moves. Only
     * called for a file not open in this JVM (closing a channel to a file releases this JVM's locks on it).
     */
    private static boolean servedElsewhere(Path run) {
        Path lockFile = run.resolve(SERVE_LOCK);
        if (!Files.isRegularFile(lockFile)) return false;
        try (FileChannel channel = FileChannel.open(lockFile, StandardOpenOption.WRITE)) {
            FileLock lock = channel.tryLock();
            if (lock == null) return true;
            lock.release();
            return false;
        } catch (OverlappingFileLockException | IOException heldHereOrUnreadable) {
            return false;
        }
    }

    /** The file of a database at a {@code jdbc:h2:file:} URL, else null. */
    private static Path fileOf(String url) {
        if (!url.startsWith(FILE_URL)) return null;
        int settings = url.indexOf(';');
        String name = url.substring(FILE_URL.length(), settings < 0 ? url.length() : settings);
        return Path.of(name + ".mv.db").toAbsolutePath().normalize();
    }

    /**
     * Whether H2 did not close {@code file} cleanly. A file H2 cannot open read-only (another process holds it) is
     * left to the opening, which then fails as it would have.
     */
    private static boolean notClosedCleanly(Path file) throws SQLException {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) == 0) return false;
            try (MVStore store = new MVStore.Builder().fileName(file.toString()).readOnly().open()) {
                return !store.getStoreHeader().containsKey(CLOSED_CLEANLY);
            }
        } catch (MVStoreException e) {
            return false;
        } catch (IOException e) {
            throw new SQLException("cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Rewrites {@code file}, just recovered through {@code c}: what the recovery rolled back is stored, the database
     * shut without a clean mark and the file compacted into a new one; answers a connection to that.
     */
    private static Connection rewritten(Connection c, Path file, String url) throws SQLException {
        store(c).commit();
        try (c; Statement s = c.createStatement()) {
            s.execute("SHUTDOWN IMMEDIATELY");
        }
        try {
            MVStoreTool.compact(file.toString(), true);
        } catch (MVStoreException e) {
            throw new SQLException("cannot rewrite " + file + " after its recovery: " + e.getMessage(), e);
        }
        return DriverManager.getConnection(url, "sa", "");
    }

    private static MVStore store(Connection c) {
        return ((SessionLocal) ((JdbcConnection) c).getSession()).getDatabase().getStore().getMvStore();
    }
}

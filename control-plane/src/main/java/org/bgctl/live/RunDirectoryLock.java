package org.bgctl.live;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * One server at a time on a run directory: an operating-system lock on {@code serve.lock} in it, held while the
 * server runs and released (the file removed) when it stops, or by the system when its process dies. A second
 * server on the same directory is refused at once with one line, instead of waiting for the journal's database.
 */
final class RunDirectoryLock implements AutoCloseable {

    static final String FILE = "serve.lock";

    private final Path file;
    private final FileChannel channel;
    private final FileLock lock;
    /** Whether the file was there before this lock was taken (left by a server whose process died). */
    private final boolean found;

    private RunDirectoryLock(Path file, FileChannel channel, FileLock lock, boolean found) {
        this.file = file;
        this.channel = channel;
        this.lock = lock;
        this.found = found;
    }

    /**
     * Takes the lock of {@code run} (an existing directory).
     *
     * @throws IllegalArgumentException when another server holds it
     */
    static RunDirectoryLock take(Path run) throws IOException {
        Path file = run.resolve(FILE);
        boolean found = Files.exists(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        } catch (OverlappingFileLockException inThisJvm) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IllegalArgumentException("run directory " + run + " is in use by another bgctl serve; stop it"
                    + " first, or give another --run (nothing was changed)");
        }
        return new RunDirectoryLock(file, channel, lock, found);
    }

    /** Releases the lock of a server that stops: the file is removed. */
    @Override
    public void close() throws IOException {
        Files.deleteIfExists(file);
        release();
    }

    /** Releases the lock of a server that did not start: the file is removed only if taking the lock made it. */
    void releaseAsFound() throws IOException {
        if (!found) Files.deleteIfExists(file);
        release();
    }

    private void release() throws IOException {
        lock.release();
        channel.close();
    }
}

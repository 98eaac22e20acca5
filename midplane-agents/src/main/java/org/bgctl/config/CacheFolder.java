package org.bgctl.config;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * A folder of files bgctl keeps between runs (link-set tables, trace checksums), each file written whole or not at
 * all, so that a reader, or two bgctl processes writing at once, never see half of one.
 */
public final class CacheFolder {

    private CacheFolder() {
    }

    /**
     * Writes {@code bytes} as {@code name} in {@code directory} (created if missing): into a file of its own first,
     * then moved in place. On failure nothing is left but what was there before.
     */
    public static void store(Path directory, String name, byte[] bytes) throws IOException {
        Files.createDirectories(directory);
        Path partial = Files.createTempFile(directory, name, ".partial");
        try {
            Files.write(partial, bytes);
            try {
                Files.move(partial, directory.resolve(name), StandardCopyOption.ATOMIC_MOVE,
                        StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(partial, directory.resolve(name), StandardCopyOption.REPLACE_EXISTING);
            }
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}

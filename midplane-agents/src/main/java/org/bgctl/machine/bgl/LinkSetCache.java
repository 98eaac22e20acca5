package org.bgctl.machine.bgl;

import com.typesafe.config.Config;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import org.bgctl.config.CacheFolder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Link-set tables kept on disk between runs, one file per line wiring named {@code <key>.bin} after
 * {@link LineWiring#key()}. A table is built only when no sound file exists for its wiring; a missing,
 * corrupt or foreign file is replaced by a fresh build. If the folder cannot be written the built table
 * is still returned.
 */
public final class LinkSetCache {
    /** The config path of the cache folder. */
    public static final String CACHE_DIR = "bgctl.linksets.cache-dir";

    private static final Logger log = LoggerFactory.getLogger(LinkSetCache.class);

    private final Path directory;

    /** A cache in {@code directory}, created when first written. */
    public LinkSetCache(Path directory) {
        this.directory = directory;
    }

    /** The cache in the folder named by {@value #CACHE_DIR}. */
    public static LinkSetCache fromConfig(Config config) {
        return new LinkSetCache(Path.of(config.getString(CACHE_DIR)));
    }

    /** The file that holds (or will hold) the table of {@code wiring}. */
    public Path fileFor(LineWiring wiring) {
        return directory.resolve(wiring.key() + ".bin");
    }

    /** The table of {@code wiring}: read from its file if that is sound, else built and stored. */
    public LinkSetTable tableFor(LineWiring wiring) {
        Path file = fileFor(wiring);
        try {
            return LinkSetTableFile.decode(Files.readAllBytes(file), wiring);
        } catch (NoSuchFileException e) {
            log.debug("no link-set table at {}: building it", file);
        } catch (IOException e) {
            log.warn("link-set table {} rejected ({}): rebuilding it", file, e.getMessage());
        }
        LinkSetTable table = LinkSetTable.build(wiring);
        store(file, LinkSetTableFile.encode(table, wiring));
        return table;
    }

    private void store(Path file, byte[] bytes) {
        try {
            CacheFolder.store(directory, file.getFileName().toString(), bytes);
        } catch (IOException e) {
            log.warn("cannot store link-set table {}: {}", file, e.toString());
        }
    }
}

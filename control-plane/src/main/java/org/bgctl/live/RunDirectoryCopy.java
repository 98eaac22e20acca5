package org.bgctl.live;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The files of a run directory as a server's start found them, put back byte for byte when the start fails: a start
 * refused on the way (a journal that cannot be resumed, an input that changed) leaves the directory as it was, though
 * opening the journal had H2 write to its file (a file a killed server left is rewritten as it is recovered, and H2
 * adds a {@code .trace.db} of its errors) and the start may have journaled its inputs and written summary.json. The
 * copy is kept outside the directory and removed once the start is over. The lock file is left to
 * {@link RunDirectoryLock}.
 */
final class RunDirectoryCopy {

    private final Path dir;
    private final Path copy;
    private final Set<String> names;

    private RunDirectoryCopy(Path dir, Path copy, Set<String> names) {
        this.dir = dir;
        this.copy = copy;
        this.names = names;
    }

    /** Copies the files of {@code dir} (an existing directory), all but the lock file. */
    static RunDirectoryCopy of(Path dir) throws IOException {
        Path copy = Files.createTempDirectory("bgctl-serve-start-");
        Set<String> names = new TreeSet<>();
        for (Path file : files(dir)) {
            String name = file.getFileName().toString();
            Files.copy(file, copy.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
            names.add(name);
        }
        return new RunDirectoryCopy(dir, copy, names);
    }

    /** Puts the directory back as it was found: files made since removed, the others rewritten; then discards the copy. */
    void restore() throws IOException {
        for (Path file : files(dir))
            if (!names.contains(file.getFileName().toString())) Files.delete(file);
        for (String name : names)
            Files.copy(copy.resolve(name), dir.resolve(name), StandardCopyOption.REPLACE_EXISTING,
                    StandardCopyOption.COPY_ATTRIBUTES);
        discard();
    }

    /** Removes the copy. */
    void discard() throws IOException {
        for (String name : names) Files.deleteIfExists(copy.resolve(name));
        Files.deleteIfExists(copy);
    }

    /** The regular files of {@code dir} but the lock file, in name order. */
    private static List<Path> files(Path dir) throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir)) {
            for (Path p : entries)
                if (Files.isRegularFile(p) && !p.getFileName().toString().equals(RunDirectoryLock.FILE)) files.add(p);
        }
        files.sort(null);
        return files;
    }
}

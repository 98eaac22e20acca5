package org.bgctl.swf;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Tiny SWF files for tests. */
public final class TestTraces {

    /** A job line that parses: job 1, submit 0, runs 100 s on 4 processors, requested 200 s. */
    public static final String GOOD_LINE = "1 0 5 100 4 -1 -1 4 200 -1 1 7 3 2 1 -1 -1 -1";

    private TestTraces() {
    }

    /** Writes {@code lines} to {@code dir/name}, each ending with a newline. */
    public static Path write(Path dir, String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        Files.write(file, List.of(lines), StandardCharsets.UTF_8);
        return file;
    }

    /** Writes {@code lines} gzip-compressed. */
    public static Path writeGzip(Path dir, String name, String... lines) throws IOException {
        Path file = dir.resolve(name);
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(file))) {
            out.write((String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
        }
        return file;
    }

    /**
     * An 18-field job line with the fields the workload rules read; the rest unknown.
     *
     * @param reqTime field 9, -1 for unknown
     */
    public static String job(long id, long submit, long run, int allocProcs, int reqProcs, long reqTime) {
        return id + " " + submit + " -1 " + run + " " + allocProcs + " -1 -1 " + reqProcs + " " + reqTime
                + " -1 1 5 6 7 8 -1 -1 -1";
    }

    /** Consumes the rest of {@code items} and says how many there were. */
    public static long count(Iterator<?> items) {
        long n = 0;
        while (items.hasNext()) {
            items.next();
            n++;
        }
        return n;
    }

    /** Opens a class-path trace such as {@code /traces/sdsc-sp2-excerpt.swf}. */
    public static SwfReader resource(String path, boolean lenient) throws IOException {
        InputStream in = TestTraces.class.getResourceAsStream(path);
        if (in == null) throw new IOException("no resource " + path);
        return SwfReader.open(in, path.substring(path.lastIndexOf('/') + 1), lenient);
    }
}

package org.bgctl.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.bgctl.swf.SwfReader;

/** Where a replay's SWF trace comes from: a file, or the demo excerpt bundled with bgctl. */
public record TraceSource(Path file, String resource) {

    /** The bundled demo: the first 2000 jobs of the KTH-SP2 trace (Parallel Workloads Archive). */
    public static final TraceSource DEMO = new TraceSource(null, "/demo/kth-sp2-demo.swf");

    /** The machine the demo trace was recorded on. */
    public static final String DEMO_MACHINE = "flat:100";

    /** Where the demo comes from, for the user. */
    public static final String DEMO_ATTRIBUTION = "the first 2000 jobs of KTH-SP2-1996-2.1-cln.swf "
            + "(Parallel Workloads Archive, Dror Feitelson, Hebrew University)";

    public static TraceSource file(Path file) {
        return new TraceSource(file, null);
    }

    /** The name reports use: the file name, or the resource's. */
    public String name() {
        return file != null ? file.getFileName().toString() : resource.substring(resource.lastIndexOf('/') + 1);
    }

    /** Opens the trace. */
    public SwfReader open(boolean lenient) throws IOException {
        if (file != null) {
            SwfReader.checkReadable(file);
            return SwfReader.open(file, lenient);
        }
        InputStream in = TraceSource.class.getResourceAsStream(resource);
        if (in == null) throw new IOException("bundled trace " + resource + " is missing from the classpath");
        return SwfReader.open(in, name(), lenient);
    }
}

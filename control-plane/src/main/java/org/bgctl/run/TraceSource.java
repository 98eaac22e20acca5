package org.bgctl.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.IntStream;
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

    /**
     * The machine of a run that names none: {@code flat:N} of the MaxProcs (else MaxNodes) of this trace's header,
     * the demo's for the demo. A server fed a trace takes it too.
     *
     * @throws IllegalArgumentException when the header gives neither as a positive whole number
     */
    public String defaultMachine() throws IOException {
        if (equals(DEMO)) return DEMO_MACHINE;
        try (SwfReader reader = open(true)) {
            // MaxProcs, the unit of the job sizes (fields 5 and 8 count processors, several a node on an SMP machine),
            // else MaxNodes: the first that is positive (-1 is unknown, as in a job line)
            int nodes = IntStream.of(reader.header().maxProcs().orElse(-1), reader.header().maxNodes().orElse(-1))
                    .filter(n -> n > 0).findFirst().orElse(-1);
            if (nodes <= 0)
                throw new IllegalArgumentException("machine: not set, and the header of " + name()
                        + " gives no MaxProcs or MaxNodes that is a positive whole number; name the machine (e.g."
                        + " flat:128)");
            return "flat:" + nodes;
        }
    }
}

package org.bgctl.run;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import org.bgctl.config.BgctlSettings;

/**
 * {@value #FILE} in the run directory of a durable replay: the replay's parameters (file names made absolute) and the
 * SHA-256 of its trace, written when the replay starts, so that {@code bgctl replay --resume DIR} needs nothing else
 * and refuses a trace that changed since.
 *
 * @param parameters  the replay's parameters
 * @param traceSha256 the checksum of the trace's bytes (for the bundled demo, of the resource); null for a run without
 *                    a trace (a live server fed by its API only)
 */
public record RunRecord(ReplayParameters parameters, String traceSha256) {

    /** The file name in the run directory. */
    public static final String FILE = "run.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** Parameters whose values name files, made absolute so that a resume works from any directory. */
    private static final String[] FILE_PARAMETERS = {"trace", "faults", "fault_model", "reservations"};

    /** The record of a run of {@code parameters} reading {@code trace} (null: none). */
    public static RunRecord of(ReplayParameters parameters, TraceSource trace) throws IOException {
        ReplayParameters absolute = parameters;
        for (String key : FILE_PARAMETERS) {
            var value = parameters.get(key);
            if (value.isPresent() && !(key.equals("trace") && value.get().equals(ReplayParameters.DEMO_TRACE)))
                absolute = absolute.with(key, Path.of(value.get()).toAbsolutePath().normalize());
        }
        return new RunRecord(absolute, trace == null ? null
                : TraceChecksums.fromConfig(BgctlSettings.load()).sha256(trace));
    }

    /** True when {@code runDir} holds a record. */
    public static boolean exists(Path runDir) {
        return Files.isRegularFile(runDir.resolve(FILE));
    }

    /**
     * The record of the replay in {@code runDir}.
     *
     * @throws IllegalArgumentException when there is none, or it is not one
     */
    public static RunRecord read(Path runDir) throws IOException {
        Path file = runDir.resolve(FILE);
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException(runDir + " holds no " + FILE + ": not the run directory of a durable"
                    + " replay (actors with an h2 or postgres journal)");
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalArgumentException(file + " is not a run record: " + e.getMessage());
        }
        return of(root, file.toString());
    }

    /**
     * The record {@code root} holds ({@link #fields()}), read from {@code where}.
     *
     * @throws IllegalArgumentException naming {@code where} when it is not one
     */
    public static RunRecord of(JsonNode root, String where) {
        JsonNode values = root.get("parameters");
        JsonNode sum = root.get("trace_sha256");
        if (values == null || !values.isObject() || sum == null || !(sum.isTextual() || sum.isNull()))
            throw new IllegalArgumentException(where + " is not a run record (no parameters or trace_sha256)");
        ReplayParameters parameters = ReplayParameters.none();
        for (Iterator<Map.Entry<String, JsonNode>> it = values.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            parameters = parameters.with(e.getKey(), e.getValue().asText());
        }
        return new RunRecord(parameters, sum.isNull() ? null : sum.asText());
    }

    /** The record as JSON-ready fields: {@code parameters} and {@code trace_sha256}. */
    public Map<String, Object> fields() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("parameters", parameters.asMap());
        m.put("trace_sha256", traceSha256);
        return m;
    }

    /** Writes the record into {@code runDir}, whole or not at all (a kill while writing leaves no record). */
    public void write(Path runDir) throws IOException {
        Path partial = runDir.resolve(FILE + ".partial");
        JSON.writeValue(partial.toFile(), fields());
        Files.move(partial, runDir.resolve(FILE), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /**
     * Checks that {@code trace} is still the trace this record was made with.
     *
     * @throws IllegalArgumentException when its bytes changed
     */
    public void checkTrace(TraceSource trace) throws IOException {
        if (!TraceChecksums.read(trace).equals(traceSha256))
            throw new IllegalArgumentException("the trace " + parameters.get("trace").orElse("?")
                    + " changed since the run started (its SHA-256 differs from " + FILE + "); cannot resume");
    }
}
